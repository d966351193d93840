// SPDX-License-Identifier: GPL-2.0
/*
 * uml_host_test - what a UML guest must survive of its host.
 *
 * With an MMU, UML runs each mm's user code in a stub process of its
 * own on the host (arch/um/kernel/skas): the host may kill one (its OOM
 * killer, an admin), and a stub may need more mappings than the host
 * allows a process (vm.max_map_count).  Either way only the tasks of
 * that mm may die, of SIGSEGV; the kernel and every other task go on.
 * (What the kernel logs differs with the stub's mode: in seccomp mode
 * "Unexpectedly lost MM child" for the first, the failed flush for the
 * second; in ptrace mode the failed ptrace call, and for the second
 * that it ran out of memory on the host side.)  The host's side of the
 * first is scripts/host-requests: this program asks it, through the
 * guest's /dev/tty2, to kill the stub that maps a given address.
 *
 * Without an MMU one runner process per CPU runs all user code: its
 * death panics the kernel (nothing could run user code on that CPU),
 * and it maps all of memory once, at boot.  Neither case applies.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/wait.h>

#include "kselftest.h"
#include "case_table.h"
#include "vfork_exec.h"

#ifndef TESTBED_KERNEL_MMU
#error "TESTBED_KERNEL_MMU is not defined: build with tests/Makefile (KERNEL_MMU=1|0)"
#endif

#define HELPER_PATH	"./uml_helper"
#define PAGE		4096UL
/* Where the stub case maps its page: below UML's TASK_SIZE, far from
 * where anything else of a small static program lies. */
#define STUB_ADDR	0x5eed000000UL
/* More pages than the host's default vm.max_map_count (65530). */
#define MAP_PAGES	70000UL

static bool fail(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	printf("# ");
	vprintf(fmt, ap);
	va_end(ap);
	fflush(stdout);
	return false;
}

static pid_t helper(const int *keep, int nkeep, const char *a1,
		    const char *a2, const char *a3)
{
	const char *argv[] = { HELPER_PATH, a1, a2, a3, NULL };
	pid_t pid = spawn_keeping(keep, nkeep, argv);

	if (pid < 0)
		fail("vfork: %s\n", strerror(errno));
	return pid;
}

static bool want_segv(const char *who, int st)
{
	if (st == -1)
		return fail("%s: waitpid: %s\n", who, strerror(errno));
	if (WIFSIGNALED(st) && WTERMSIG(st) == SIGSEGV)
		return true;
	if (WIFSIGNALED(st))
		return fail("%s: killed by signal %d, expected SIGSEGV\n", who,
			    WTERMSIG(st));
	return fail("%s: exited %d, expected to die of SIGSEGV\n", who,
		    WEXITSTATUS(st));
}

/* The guest goes on: a new task starts, runs and exits as it should. */
static bool want_alive(void)
{
	pid_t pid = helper(NULL, 0, "exit", "7", NULL);
	int st;

	if (pid < 0)
		return false;
	st = reap(pid);
	if (st == -1 || !WIFEXITED(st) || WEXITSTATUS(st) != 7)
		return fail("a new task afterwards: status %#x, expected exit 7\n",
			    st);
	return true;
}

/*
 * MMU: the host kills the stub process of a task (SIGKILL): the task
 * dies of SIGSEGV ("Affected tasks will segfault", says the kernel in
 * seccomp mode), and the kernel goes on.  A kernel that let the task wait
 * for its dead stub would hang here: the suite's timeout fails it.
 */
static int test_stub_killed(void)
{
	unsigned long addr = STUB_ADDR + (getpid() & 0xfff) * PAGE;
	char a[32], w[16], buf[8];
	int p[2], fd, st;
	bool ok;
	pid_t pid;

	if (!TESTBED_KERNEL_MMU)
		return case_skip("NOMMU: one runner process serves all tasks of a CPU, its death panics the kernel");
	if (pipe2(p, O_CLOEXEC))
		return fail("pipe: %s\n", strerror(errno));
	snprintf(a, sizeof(a), "%lx", addr);
	snprintf(w, sizeof(w), "%d", p[1]);
	pid = helper(&p[1], 1, "stub", a, w);
	close(p[1]);
	if (pid < 0) {
		close(p[0]);
		return false;
	}
	ok = read(p[0], buf, sizeof(buf)) > 0;
	close(p[0]);
	if (!ok) {
		reap(pid);
		return fail("the task mapping %#lx did not get ready\n", addr);
	}
	fd = open("/dev/tty2", O_WRONLY | O_NOCTTY | O_CLOEXEC);
	if (fd < 0 || dprintf(fd, "kill-stub %lx\n", addr) < 0) {
		ok = fail("cannot ask the host through /dev/tty2: %s\n",
			  strerror(errno));
		kill(pid, SIGKILL);
	}
	if (fd >= 0)
		close(fd);
	st = reap(pid);
	if (!ok)
		return false;
	if (WIFEXITED(st) && WEXITSTATUS(st) == 3)
		return fail("the task lived on for 30 s: the host did not kill its stub (no scripts/host-requests behind /dev/tty2?)\n");
	return want_segv("the task whose stub the host killed", st) &&
	       want_alive();
}

/*
 * MMU: a task whose pages need more host mappings of its stub than the
 * host allows (vm.max_map_count) dies of SIGSEGV and the kernel goes
 * on.  A host whose limit is above MAP_PAGES maps them all: nothing to
 * check there.
 */
static int test_host_map_limit(void)
{
	char n[24];
	pid_t pid;
	int st;

	if (!TESTBED_KERNEL_MMU)
		return case_skip("NOMMU: the runners map all of memory once, at boot");
	snprintf(n, sizeof(n), "%lu", MAP_PAGES);
	pid = helper(NULL, 0, "pages", n, NULL);
	if (pid < 0)
		return false;
	st = reap(pid);
	if (st != -1 && WIFEXITED(st) && WEXITSTATUS(st) == 0)
		return case_skip("the host mapped all 70000 pages: its vm.max_map_count is above that");
	return want_segv("the task with more pages than the host maps", st) &&
	       want_alive();
}

static const struct test_case cases[] = {
	{ "the host kills a task's stub: the task dies of SIGSEGV, the kernel goes on",
	  test_stub_killed },
	{ "more host mappings than the host allows: SIGSEGV, the kernel goes on",
	  test_host_map_limit },
};

int main(void)
{
	ksft_print_header();
	CASES_PLAN(cases);
	RUN_CASES(cases, NULL);
	ksft_finished();
}
