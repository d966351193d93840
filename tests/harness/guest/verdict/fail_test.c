// SPDX-License-Identifier: GPL-2.0
/*
 * Fails one case every time it runs: the harness must run it again,
 * then report FAIL (every attempt failed), never FLAKY.
 */
#include "kselftest.h"

int main(void)
{
	ksft_print_header();
	ksft_set_plan(1);
	ksft_print_msg("expected 1, got 2\n");
	ksft_test_result_fail("broken\n");
	ksft_finished();
}
