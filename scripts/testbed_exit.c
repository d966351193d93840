// SPDX-License-Identifier: GPL-2.0
/*
 * testbed_exit.c: a GNU make plugin (the Makefile loads it with `-load`)
 * that lets a script's exit status become make's own.
 *
 * make exits 0, 1 or 2 by itself: a recipe that fails with 125 ("git
 * bisect: skip this revision") would reach `git bisect run make check`
 * as 2.  So the recipe of check, run, bisect and compare writes its
 * script's status to a file and succeeds, and the rule after it expands
 * $(testbed-exit FILE): this function reads the status, removes the
 * file and, when the status is not 0, ends make with it at once.
 */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <gnumake.h>

int plugin_is_GPL_compatible;

static char *testbed_exit(const char *name, unsigned int argc, char **argv)
{
	FILE *f = fopen(argv[0], "r");
	int status = 0;

	(void)name;
	(void)argc;
	if (!f)
		return NULL;
	if (fscanf(f, "%d", &status) != 1 || status < 0 || status > 255)
		status = 2;	/* what make would have said */
	fclose(f);
	unlink(argv[0]);
	if (status) {
		fflush(stdout);
		fflush(stderr);
		exit(status);
	}
	return NULL;
}

/* Called by make's load directive: the name is the file's, testbed_exit. */
int testbed_exit_gmk_setup(void)
{
	gmk_add_function("testbed-exit", testbed_exit, 1, 1, GMK_FUNC_DEFAULT);
	return 1;
}
