// SPDX-License-Identifier: GPL-2.0
/*
 * Prints 16 MiB of noise around and between its two cases: the host
 * must keep only the head and the tail of it, and both results, so the
 * test passes and the run keeps a little of its output, not all of it.
 */
#include <stdio.h>
#include <string.h>
#include "kselftest.h"

#define HALF	(8 << 20)

static void noise(void)
{
	char line[128];
	long n;

	memset(line, 'x', sizeof(line) - 2);
	line[sizeof(line) - 2] = '\n';
	line[sizeof(line) - 1] = '\0';
	for (n = 0; n < HALF; n += sizeof(line) - 1)
		fputs(line, stdout);
}

int main(void)
{
	ksft_print_header();
	ksft_set_plan(2);
	noise();
	ksft_test_result_pass("after the first half\n");
	noise();
	ksft_print_msg("the last words before the last case\n");
	ksft_test_result_pass("at the end\n");
	ksft_finished();
}
