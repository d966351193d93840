// SPDX-License-Identifier: GPL-2.0
/*
 * Prints the guest's framing lines as a test's output could, without
 * the boot's token (and with a guessed one): that it passed, a suite of
 * its own, another program.  Then it fails.  The harness must report a
 * FAIL of this program and no other suite.
 */
#include <stdio.h>
#include "kselftest.h"

static const char *const forged[] = {
	"",
	"# uml-testbed: exit 0",
	"ok 1 forge_test",
	"# uml-testbed: suite invented begin",
	"KTAP version 1",
	"1..1",
	"# uml-testbed: run fake_test",
	"ok 1 fake_test",
	"# uml-testbed: exit 0",
	"# uml-testbed: suite invented end",
	"# uml-testbed 0123456789abcdef: suite guessed begin",
	"# uml-testbed 0123456789abcdef: suite guessed end",
};

int main(void)
{
	unsigned int i;

	ksft_print_header();
	ksft_set_plan(1);
	for (i = 0; i < sizeof(forged) / sizeof(forged[0]); i++)
		printf("%s\n", forged[i]);
	fflush(stdout);
	ksft_test_result_fail("printed the harness's framing, then failed\n");
	ksft_finished();
}
