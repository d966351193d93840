// SPDX-License-Identifier: GPL-2.0
/*
 * Runs after term_test timed out: no process of it (term_test, or the
 * ./stubborn child it left) may be alive.  A zombie waiting for init to
 * reap it is dead.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "kselftest.h"

/* alive NAME: a process whose comm is NAME and that is not a zombie. */
static int alive(const char *name)
{
	char path[64], comm[32], state;
	struct dirent *d;
	int n = 0, pid;
	DIR *proc;
	FILE *f;

	proc = opendir("/proc");
	if (!proc)
		ksft_exit_fail_perror("/proc");
	while ((d = readdir(proc))) {
		pid = atoi(d->d_name);
		if (pid <= 0)
			continue;
		snprintf(path, sizeof(path), "/proc/%d/stat", pid);
		f = fopen(path, "r");
		if (!f)
			continue;
		/* "pid (comm) state ...": comm has no blank here */
		if (fscanf(f, "%*d (%31[^)]) %c", comm, &state) == 2 &&
		    !strcmp(comm, name) && state != 'Z') {
			ksft_print_msg("pid %d (%s) is still there, state %c\n", pid, name, state);
			n++;
		}
		fclose(f);
	}
	closedir(proc);
	return n;
}

int main(void)
{
	ksft_print_header();
	ksft_set_plan(2);
	ksft_test_result(!alive("term_test"), "term_test is gone\n");
	ksft_test_result(!alive("stubborn"), "its child is gone\n");
	ksft_finished();
}
