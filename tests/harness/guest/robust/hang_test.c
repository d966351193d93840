// SPDX-License-Identifier: GPL-2.0
/*
 * A test program that never ends: the guest must stop it at the suite's
 * timeout and report TIMEOUT, and the run must go on.
 */
#include <unistd.h>
#include "kselftest.h"

int main(void)
{
	ksft_print_header();
	ksft_set_plan(1);
	ksft_print_msg("waiting forever\n");
	for (;;)
		pause();
}
