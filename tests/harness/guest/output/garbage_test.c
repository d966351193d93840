// SPDX-License-Identifier: GPL-2.0
/*
 * Names its cases with bytes that are not UTF-8, terminal escapes and
 * other control characters, and fails one: junit.xml, summary.json and
 * summary.txt must stay well-formed, valid UTF-8 and free of escapes.
 */
#include <stdio.h>
#include "kselftest.h"

int main(void)
{
	ksft_print_header();
	ksft_set_plan(2);
	ksft_print_msg("bad bytes: \377\376 \300\200 \355\240\200 \001\002\b\f\177\n");
	ksft_test_result_pass("\033[31mred\033[0m and \377 not UTF-8\n");
	ksft_test_result_fail("\033]0;a title\007 \302\233 \357\277\276 \001 and \303 cut\n");
	ksft_finished();
}
