// SPDX-License-Identifier: GPL-2.0
/*
 * Reports a case that was expected to fail as passing (XPASS): the run
 * must fail, and every report must say so alike.
 */
#include "kselftest.h"

int main(void)
{
	ksft_print_header();
	ksft_set_plan(1);
	ksft_test_result_xpass("expected to fail, but passed\n");
	ksft_finished();
}
