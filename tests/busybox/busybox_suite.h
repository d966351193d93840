/* SPDX-License-Identifier: GPL-2.0 */
/*
 * busybox_suite.h - busybox's own testsuite run in the guest, each of
 * its tests one KTAP result.  A program of this suite defines
 * APPLETS_FROM and APPLETS_TO and includes this file: it runs the
 * testsuite's tests (runtest's old-style folders and new-style *.tests
 * files) of the applets whose names sort from APPLETS_FROM on and before
 * APPLETS_TO ("": no end).  The programs' ranges follow one another from
 * "" to "", so that together they run all of it, whatever applets a
 * later testsuite adds, and each stays well inside the suite's timeout.
 *
 * What it runs is in the suite's data/ folder, staged by tests/busybox/
 * stage from the busybox source the NOMMU busybox is built from
 * (scripts/build-busybox-nommu): that busybox, its .config (which says
 * what runtest and `optional` skip), the testsuite/ folder as fetched,
 * and the suite's list of known failures (`known`).
 *
 * The same busybox on every kernel: the program makes a mount namespace
 * of its own, in which the tested binary is bind-mounted over
 * /bin/busybox (on MMU configs the image's busybox is Debian's
 * busybox-static), so /bin/sh, which runs runtest and the *.tests
 * scripts, and every applet they find are the tested build.  The
 * testsuite writes where it runs: each program runs a copy of data/ in a
 * scratch folder of /tmp, removed at the end (the binary stays on the
 * image's disk, a symlink to it there).
 *
 * runtest's lines "PASS: name", "FAIL: name", "SKIPPED: name" and
 * "UNTESTED: name" become ok, not ok and SKIP with the reason; runtest
 * runs with -v, and the lines of a failed test (its command, its diff,
 * an old-style test's trace) are printed as diagnostics before its
 * result.  A failure listed in data/known for this kind of kernel is an
 * XFAIL with the list's reason; a listed test that passes is an XPASS,
 * which fails the run.  No result at all, or a runtest that could not
 * start or was killed, fails the program: nothing tested is no pass.
 *
 * NOMMU-safe: children are started with posix_spawn() only.
 */
#ifndef BUSYBOX_SUITE_H
#define BUSYBOX_SUITE_H

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <limits.h>
#include <sched.h>
#include <signal.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "kselftest.h"

#if !defined(APPLETS_FROM) || !defined(APPLETS_TO)
#error "define APPLETS_FROM and APPLETS_TO, the range of applet names (\"\": no end)"
#endif

#define MAX_APPLETS	512
#define MAX_TESTS	2048
#define MAX_KNOWN	128
#define MAX_DIAG	40	/* lines of a failed test's output shown */
#define DIAG_WIDTH	200	/* characters of each */

extern char **environ;

/*
 * data/known: "KERNEL NAME-GLOB -- REASON", KERNEL one of all, mmu, nommu;
 * a REASON that starts with "skip: " names a test that must not run on
 * that kernel at all (it cannot pass there, and running it would harm
 * the guest): testing() skips it (the wrapper tests/busybox/stage puts
 * in testing.sh, told by TESTBED_BUSYBOX_SKIP), and it is a SKIP.
 */
#define SKIP_PREFIX	"skip: "

struct known {
	char *glob, *reason;
	bool skip, hit;
};

static struct known known[MAX_KNOWN];
static int nknown;
static char *names[MAX_TESTS];
static int ntests;

static void *xmalloc(size_t n)
{
	void *p = malloc(n);

	if (!p)
		ksft_exit_fail_msg("out of memory\n");
	return p;
}

static char *xstrdup(const char *s)
{
	return strcpy(xmalloc(strlen(s) + 1), s);
}

/* As init tells: only a NOMMU kernel shows MmapCopy in /proc/meminfo. */
static bool kernel_nommu(void)
{
	char line[256];
	bool nommu = false;
	FILE *f = fopen("/proc/meminfo", "r");

	if (!f)
		ksft_exit_fail_msg("/proc/meminfo: %s\n", strerror(errno));
	while (fgets(line, sizeof(line), f))
		if (!strncmp(line, "MmapCopy:", 9))
			nommu = true;
	fclose(f);
	return nommu;
}

static char *trim(char *s)
{
	char *e;

	while (isspace((unsigned char)*s))
		s++;
	e = s + strlen(s);
	while (e > s && isspace((unsigned char)e[-1]))
		*--e = '\0';
	return s;
}

/* The lines of data/known that hold for this kernel. */
static void read_known(const char *path, bool nommu)
{
	char line[1024], *kernel, *glob, *sep;
	FILE *f = fopen(path, "r");
	int n = 0;

	if (!f)
		ksft_exit_fail_msg("%s: %s\n", path, strerror(errno));
	while (fgets(line, sizeof(line), f)) {
		n++;
		kernel = trim(line);
		if (!*kernel || *kernel == '#')
			continue;
		glob = kernel + strcspn(kernel, " \t");
		sep = strstr(glob, " -- ");
		if (!*glob || !sep)
			ksft_exit_fail_msg("%s:%d: not \"KERNEL NAME -- REASON\"\n", path, n);
		*glob++ = '\0';
		*sep = '\0';
		if (strcmp(kernel, "all") && strcmp(kernel, "mmu") && strcmp(kernel, "nommu"))
			ksft_exit_fail_msg("%s:%d: kernel '%s' is not all, mmu or nommu\n",
					   path, n, kernel);
		if (!strcmp(kernel, nommu ? "mmu" : "nommu"))
			continue;
		if (nknown == MAX_KNOWN)
			ksft_exit_fail_msg("%s: more than %d lines\n", path, MAX_KNOWN);
		known[nknown].glob = xstrdup(trim(glob));
		sep = trim(sep + 4);
		known[nknown].skip = !strncmp(sep, SKIP_PREFIX, strlen(SKIP_PREFIX));
		if (known[nknown].skip)
			sep += strlen(SKIP_PREFIX);
		known[nknown].reason = xstrdup(sep);
		nknown++;
	}
	fclose(f);
}

static struct known *known_for(const char *name)
{
	int i;

	for (i = 0; i < nknown; i++)
		if (!fnmatch(known[i].glob, name, 0))
			return &known[i];
	return NULL;
}

/*
 * One result, "ok N name # DIRECTIVE why" with the name kept in front of
 * the directive (kselftest.h's ksft_test_result_skip() and _xfail() put
 * only their message there; its ksft_test_result_code(), which keeps the
 * name, is not in the older trees' headers).
 */
static void result(int code, const char *name, const char *why)
{
	const char *dir = "";

	switch (code) {
	case KSFT_PASS:
		ksft_inc_pass_cnt();
		break;
	case KSFT_SKIP:
		ksft_inc_xskip_cnt();
		dir = "SKIP";
		break;
	case KSFT_XFAIL:
		ksft_inc_xfail_cnt();
		dir = "XFAIL";
		break;
	case KSFT_XPASS:
		ksft_inc_xpass_cnt();
		dir = "XPASS";
		break;
	default:
		ksft_inc_fail_cnt();
		break;
	}
	printf("%sok %u %s%s%s%s%s\n", code == KSFT_FAIL ? "not " : "",
	       ksft_test_num(), name, *dir || why ? " # " : "", dir,
	       *dir && why ? " " : "", why ? why : "");
}

/* A name of its own for each result: " [2]" and on for a repeat. */
static const char *unique_name(const char *raw)
{
	static char buf[PATH_MAX];
	int i, n = 1;
	char *p;

	/* "# " would start the directive: the name must not hold a '#'. */
	snprintf(buf, sizeof(buf) - 16, "%s", raw);
	for (p = buf; *p; p++)
		if (*p == '#' || (unsigned char)*p < ' ')
			*p = *p == '#' ? '%' : ' ';
	p = buf + strlen(buf);
	for (i = 0; i < ntests; i++)
		if (!strcmp(names[i], buf))
			sprintf(p, " [%d]", ++n), i = -1;
	if (ntests < MAX_TESTS)
		names[ntests++] = xstrdup(buf);
	return buf;
}

/* A line of the testsuite's output as a diagnostic: printable, bounded. */
static void diag(const char *line)
{
	char buf[DIAG_WIDTH + 1];
	int i;

	for (i = 0; line[i] && i < DIAG_WIDTH; i++)
		buf[i] = (unsigned char)line[i] < ' ' || line[i] == 0x7f ? '?' : line[i];
	buf[i] = '\0';
	ksft_print_msg("%s%s\n", buf, line[i] ? "..." : "");
}

/* The output lines of the test whose result is pending. */
struct lines {
	char *l[MAX_DIAG];
	int n, dropped;
};

static void lines_add(struct lines *ls, const char *line)
{
	if (ls->n == MAX_DIAG) {
		ls->dropped++;
		return;
	}
	ls->l[ls->n++] = xstrdup(line);
}

static void lines_clear(struct lines *ls, bool show)
{
	int i;

	for (i = 0; i < ls->n; i++) {
		if (show)
			diag(ls->l[i]);
		free(ls->l[i]);
	}
	if (show && ls->dropped)
		ksft_print_msg("(%d more lines)\n", ls->dropped);
	ls->n = ls->dropped = 0;
}

/* A result line of runtest: its kind, and *name where the name starts. */
enum kind { NONE, PASS, FAIL, SKIPPED, UNTESTED };

static enum kind kind_of(const char *line, const char **name)
{
	static const struct { const char *prefix; enum kind kind; } k[] = {
		{ "PASS: ", PASS }, { "FAIL: ", FAIL },
		{ "SKIPPED: ", SKIPPED }, { "UNTESTED: ", UNTESTED },
	};
	size_t i;

	for (i = 0; i < sizeof(k) / sizeof(k[0]); i++)
		if (!strncmp(line, k[i].prefix, strlen(k[i].prefix))) {
			*name = line + strlen(k[i].prefix);
			return k[i].kind;
		}
	return NONE;
}

static int nfail_lines;

/* Report one test of the testsuite, with the lines that explain a failure. */
static void report(enum kind kind, const char *raw, struct lines *ls)
{
	char name[PATH_MAX];
	const char *why = NULL;
	struct known *k;
	size_t len;

	snprintf(name, sizeof(name), "%s", raw);
	if (kind == SKIPPED) {
		/* runtest: "SKIPPED: applet (not built)"; testing.sh: optional. */
		len = strlen(name);
		if (len > 12 && !strcmp(name + len - 12, " (not built)")) {
			name[len - 12] = '\0';
			why = "applet not in this busybox's .config";
		} else {
			why = "needs an option not in this busybox's .config";
		}
	} else if (kind == UNTESTED) {
		why = "its applet or a FEATURE it needs is not in this busybox's .config";
	}
	k = known_for(name);
	if (k)
		k->hit = true;
	if (k && k->skip) {
		/* It must not have run; testing() said SKIPPED if it did not. */
		kind = kind == SKIPPED ? SKIPPED : FAIL;
		why = kind == SKIPPED ? k->reason : NULL;
		if (kind == FAIL)
			ksft_print_msg("%s: listed to be skipped (%s), but it ran\n",
				       name, k->reason);
		k = NULL;
	}
	raw = unique_name(name);
	switch (kind) {
	case PASS:
		lines_clear(ls, false);
		result(k ? KSFT_XPASS : KSFT_PASS, raw,
		       k ? "listed as known in tests/busybox/known, but passed" : NULL);
		break;
	case FAIL:
		nfail_lines++;
		lines_clear(ls, true);
		if (k) {
			char reason[1100];

			snprintf(reason, sizeof(reason), "known: %s", k->reason);
			result(KSFT_XFAIL, raw, reason);
		} else {
			result(KSFT_FAIL, raw, NULL);
		}
		break;
	default:
		lines_clear(ls, false);
		result(KSFT_SKIP, raw, why);
		break;
	}
}

/* The globs of the tests this kernel skips, a line each, for testing(). */
static void export_skips(void)
{
	size_t len = 1;
	char *list;
	int i;

	for (i = 0; i < nknown; i++)
		if (known[i].skip)
			len += strlen(known[i].glob) + 1;
	list = xmalloc(len);
	*list = '\0';
	for (i = 0; i < nknown; i++)
		if (known[i].skip)
			strcat(strcat(list, known[i].glob), "\n");
	if (setenv("TESTBED_BUSYBOX_SKIP", list, 1))
		ksft_exit_fail_msg("setenv: %s\n", strerror(errno));
	free(list);
}

/*
 * NOMMU: exec takes an executable's whole image as one block of a power
 * of two pages, and with vm.nr_trim_pages at its default (1) gives the
 * excess back at once; whatever the kernel allocates next from that
 * excess (a slab or page-cache page) outlives the process and splits
 * the block for good.  The testsuite starts thousands of applets: after
 * a few hundred, each 2 MiB block of the guest held such a page (the
 * free lists: one block of each order below 9 per 2 MiB, none of 9 or
 * 10, with 480 MiB free), the 1.1 MiB busybox could no longer start
 * ("page allocation failure: order:9"; a SIGSEGV as it starts) and
 * hundreds of tests failed.  Trimming off (nommu-mmap.rst) keeps the
 * blocks whole.  The value found is put back at the end (and by the
 * guest's runner, rootfs/run-suite.sh, should this program be killed).
 */
#define NR_TRIM_PAGES	"/proc/sys/vm/nr_trim_pages"

static char trim0[32];

static bool write_file(const char *path, const char *s)
{
	int fd = open(path, O_WRONLY | O_CLOEXEC);
	bool ok = fd >= 0 && write(fd, s, strlen(s)) == (ssize_t)strlen(s);

	if (fd >= 0)
		close(fd);
	return ok;
}

static void trim_put_back(void)
{
	if (!write_file(NR_TRIM_PAGES, trim0))
		ksft_print_msg("cannot put back %s %s", NR_TRIM_PAGES, trim0);
}

static void trim_off(void)
{
	FILE *f = fopen(NR_TRIM_PAGES, "r");

	if (!f || !fgets(trim0, sizeof(trim0), f))
		ksft_exit_fail_msg("%s: %s\n", NR_TRIM_PAGES, strerror(errno));
	fclose(f);
	if (!write_file(NR_TRIM_PAGES, "0\n"))
		ksft_exit_fail_msg("%s: 0: %s\n", NR_TRIM_PAGES, strerror(errno));
	atexit(trim_put_back);
	ksft_print_msg("NOMMU: vm.nr_trim_pages %.*s -> 0 while the testsuite runs\n",
		       (int)strcspn(trim0, "\n"), trim0);
}

/* Run ARGV (a path) with stdout and stderr to OUT (-1: inherited). */
static pid_t spawn(char *const argv[], int out)
{
	posix_spawn_file_actions_t fa;
	pid_t pid;
	int err;

	posix_spawn_file_actions_init(&fa);
	if (out >= 0) {
		posix_spawn_file_actions_adddup2(&fa, out, 1);
		posix_spawn_file_actions_adddup2(&fa, out, 2);
	}
	err = posix_spawn(&pid, argv[0], &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	if (err) {
		ksft_print_msg("cannot start %s: %s\n", argv[0], strerror(err));
		return -1;
	}
	return pid;
}

static int wait_for(pid_t pid)
{
	int status;

	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return -1;
	return status;
}

/* Run ARGV to its end: true when it exited 0. */
static bool run(char *const argv[])
{
	pid_t pid = spawn(argv, -1);

	return pid > 0 && wait_for(pid) == 0;
}

/* Is the applet NAME one of this program's? */
static bool in_range(const char *name)
{
	return strcmp(name, APPLETS_FROM) >= 0 &&
	       (!*APPLETS_TO || strcmp(name, APPLETS_TO) < 0);
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/*
 * The applets of this program's range that the testsuite has tests for:
 * a folder of old-style tests, or NAME.tests.  Their names, sorted,
 * from argv[first] on; the count.
 */
static int applets_in_range(const char *dir, char **argv, int first, int max)
{
	struct dirent *e;
	char *name, *dot;
	int n = first, i;
	DIR *d = opendir(dir);

	if (!d)
		ksft_exit_fail_msg("%s: %s\n", dir, strerror(errno));
	while ((e = readdir(d))) {
		if (e->d_name[0] == '.')
			continue;
		name = xstrdup(e->d_name);
		dot = strrchr(name, '.');
		if (dot && !strcmp(dot, ".tests"))
			*dot = '\0';
		else if (e->d_type != DT_DIR)
			*name = '\0';
		if (!*name || !in_range(name)) {
			free(name);
			continue;
		}
		for (i = first; i < n && strcmp(argv[i], name); i++)
			;
		if (i < n || n == max) {
			free(name);
			continue;
		}
		argv[n++] = name;
	}
	closedir(d);
	qsort(argv + first, n - first, sizeof(*argv), by_name);
	return n - first;
}

int main(void)
{
	char here[PATH_MAX], data[PATH_MAX + 8], path[PATH_MAX + 64], ts[PATH_MAX + 64];
	char scratch[] = "/tmp/busybox-suite.XXXXXX";
	char *argv[MAX_APPLETS + 4], *line = NULL;
	struct lines ls = { .n = 0 };
	enum kind pending = NONE;
	char *pending_name = NULL;
	const char *name;
	size_t cap = 0;
	int p[2], status, napplets, i;
	bool nommu;
	pid_t pid;
	FILE *f;

	ksft_print_header();
	if (!getcwd(here, sizeof(here)))
		ksft_exit_fail_msg("getcwd: %s\n", strerror(errno));
	snprintf(data, sizeof(data), "%s/data", here);
	nommu = kernel_nommu();
	{
		static const char *const need[] = {
			"busybox", ".config", "known", "testsuite/runtest", "testsuite/testing.sh",
		};

		for (i = 0; i < (int)(sizeof(need) / sizeof(need[0])); i++) {
			snprintf(path, sizeof(path), "%s/%s", data, need[i]);
			if (access(path, R_OK))
				ksft_exit_fail_msg("the testsuite cannot start: %s: %s\n",
						   path, strerror(errno));
		}
	}
	read_known(strcat(strcpy(path, data), "/known"), nommu);
	export_skips();
	if (nommu)
		trim_off();
	snprintf(path, sizeof(path), "%s/testsuite", data);
	argv[0] = "/bin/sh";
	argv[1] = "runtest";
	argv[2] = "-v";
	napplets = applets_in_range(path, argv, 3, MAX_APPLETS + 3);
	if (!napplets)
		ksft_exit_fail_msg("the testsuite has no tests of applets from '%s' to '%s'\n",
				   APPLETS_FROM, APPLETS_TO);
	argv[3 + napplets] = NULL;
	ksft_print_msg("%s kernel; busybox's testsuite, %d applets from '%s' to '%s':\n",
		       nommu ? "NOMMU" : "MMU", napplets, APPLETS_FROM, APPLETS_TO);
	for (i = 3; argv[i]; i++)
		printf("%s%s", i == 3 ? "# " : " ", argv[i]);
	printf("\n");

	/* The tested busybox as /bin/busybox, in a namespace of our own. */
	if (unshare(CLONE_NEWNS) ||
	    mount("none", "/", NULL, MS_REC | MS_PRIVATE, NULL))
		ksft_exit_fail_msg("a mount namespace of its own: %s\n", strerror(errno));
	snprintf(path, sizeof(path), "%s/busybox", data);
	if (mount(path, "/bin/busybox", NULL, MS_BIND, NULL))
		ksft_exit_fail_msg("bind mount of %s on /bin/busybox: %s\n", path, strerror(errno));

	/*
	 * A copy to write in; runtest's bindir is one up from testsuite/.
	 * The binary stays where it is, on the image's disk: a symlink
	 * to it is enough.
	 */
	if (!mkdtemp(scratch))
		ksft_exit_fail_msg("mkdtemp: %s\n", strerror(errno));
	snprintf(path, sizeof(path), "%s/.config", data);
	snprintf(ts, sizeof(ts), "%s/testsuite", data);
	if (!run((char *const[]){ "/bin/cp", "-a", path, ts, scratch, NULL }))
		ksft_exit_fail_msg("cannot copy %s to %s\n", data, scratch);
	snprintf(path, sizeof(path), "%s/busybox", data);
	snprintf(ts, sizeof(ts), "%s/busybox", scratch);
	if (symlink(path, ts))
		ksft_exit_fail_msg("symlink %s: %s\n", ts, strerror(errno));
	snprintf(path, sizeof(path), "%s/testsuite", scratch);
	if (chdir(path))
		ksft_exit_fail_msg("chdir %s: %s\n", path, strerror(errno));

	/* A login's, which taskset.tests runs ("$SHELL -c"); init sets none. */
	setenv("SHELL", "/bin/sh", 0);
	if (pipe2(p, O_CLOEXEC))
		ksft_exit_fail_msg("pipe2: %s\n", strerror(errno));
	pid = spawn(argv, p[1]);
	close(p[1]);
	if (pid < 0)
		ksft_exit_fail_msg("the testsuite cannot start\n");
	f = fdopen(p[0], "r");
	if (!f)
		ksft_exit_fail_msg("fdopen: %s\n", strerror(errno));
	/*
	 * A failed test's lines come before its FAIL line (-v: its command
	 * and diff) or, for an old-style test, after it (its trace, up to
	 * the next test's "=====" or result): a FAIL waits for them.
	 */
	while (getline(&line, &cap, f) >= 0) {
		enum kind kind;

		line[strcspn(line, "\n")] = '\0';
		kind = kind_of(line, &name);
		if (kind == NONE && pending == FAIL && strncmp(line, "=====", 5)) {
			lines_add(&ls, line);
			continue;
		}
		if (pending != NONE) {
			report(pending, pending_name, &ls);
			free(pending_name);
			pending = NONE;
		}
		if (kind == NONE) {
			lines_add(&ls, line);
			continue;
		}
		if (kind == FAIL) {
			pending = FAIL;
			pending_name = xstrdup(name);
			continue;
		}
		report(kind, name, &ls);
	}
	if (pending != NONE)
		report(pending, pending_name, &ls);
	fclose(f);
	status = wait_for(pid);

	if (chdir("/") == 0)
		run((char *const[]){ "/bin/rm", "-rf", scratch, NULL });

	/* What runtest said after its last result. */
	if (ls.n && ksft_test_num() == 0)
		lines_clear(&ls, true);
	lines_clear(&ls, false);
	if (ksft_test_num() == 0)
		ksft_exit_fail_msg("runtest reported no test (wait status %d)\n", status);
	if (status < 0 || WIFSIGNALED(status)) {
		result(KSFT_FAIL, "runtest ran to its end",
		       status < 0 ? "lost its child" : strsignal(WTERMSIG(status)));
	} else if (WEXITSTATUS(status) && !nfail_lines) {
		/* runtest counts a *.tests script's exit status as failures. */
		ksft_print_msg("runtest exited %d, though no test said FAIL: a *.tests script ended early?\n",
			       WEXITSTATUS(status));
		result(KSFT_FAIL, "runtest exit status agrees with its results", NULL);
	}
	ksft_set_plan(ksft_test_num());
	ksft_finished();
}

#endif /* BUSYBOX_SUITE_H */
