// SPDX-License-Identifier: GPL-2.0
/*
 * Skips its one case every time: a run in which nothing but this ran
 * tested nothing, and must not pass.
 */
#include "kselftest.h"

int main(void)
{
	ksft_print_header();
	ksft_set_plan(1);
	ksft_test_result_skip("nothing to test: a fixture\n");
	ksft_finished();
}
