// SPDX-License-Identifier: GPL-2.0
/*
 * Ignores SIGTERM and never ends, and neither does the child it starts
 * (./stubborn): the guest's timeout must kill both, report TIMEOUT, and
 * go on to the next program (tidy_test), not hang until the boot's hard
 * timeout.
 */
#include <signal.h>
#include <spawn.h>
#include <unistd.h>
#include "kselftest.h"

extern char **environ;

int main(void)
{
	char *argv[] = { "./stubborn", NULL };
	pid_t pid;
	int err;

	ksft_print_header();
	ksft_set_plan(1);
	signal(SIGTERM, SIG_IGN);
	err = posix_spawn(&pid, argv[0], NULL, NULL, argv, environ);
	if (err)
		ksft_exit_fail_msg("posix_spawn %s: error %d\n", argv[0], err);
	ksft_print_msg("ignoring SIGTERM, child %d too\n", pid);
	for (;;)
		pause();
}
