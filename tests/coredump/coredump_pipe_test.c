// SPDX-License-Identifier: GPL-2.0
/*
 * coredump_pipe_test - a core dumped to a pipe helper with %F: the
 * helper gets the pidfd of the dumping process as descriptor %F
 * (Linux 6.16), and pidfs records the dump on it before the helper
 * starts.  Linux 7.4 records it on the dumping thread's pid too
 * (spec/coredump.md, "for the dumping thread"), so that a thread pidfd
 * of the thread that crashed reports it as well.
 *
 * core_pattern is "|DIR/coredump_pipe_helper OUT %i %F"; ./crasher 64
 * thread crashes in a thread other than the leader and says which on
 * its stdout.  The helper writes what it found while the task still
 * dumps (coredump_pipe_helper.c); the cases check it.  Then ./crasher 64
 * top, whose last pages are never touched: a dump that ends in a skip must
 * still write it out, or the core arrives short of its last segment's
 * end (./crasher 64 top: untouched pages above the stack, which the dump
 * skips; a page of zeroes would be written as data).  A kernel without
 * %F, PIDFD_GET_INFO or thread pidfds on AF_UNIX (7.4's marker of the
 * thread-specific pidfds, SO_PEERPIDFD_THREAD) SKIPs what it lacks.
 * NOMMU-safe: the crasher is started with posix_spawn().
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include "kselftest.h"
#include "core_pattern.h"
#include "testbed_compat.h"
#include "coredump_abi.h"

extern char **environ;

/* What the helper said of one pidfd. */
struct seen {
	int err;
	unsigned long long mask, supported;
	unsigned int coredump_mask, signal, code;
};

static struct seen leader, thread;
static unsigned int thread_flags;
static unsigned long long core_bytes, core_end;
static int elf = -1;

static void sleep_ms(long ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };

	while (nanosleep(&ts, &ts) && errno == EINTR)
		;
}

static bool parse_seen(const char *line, const char *who, struct seen *s)
{
	char fmt[128];

	snprintf(fmt, sizeof(fmt),
		 "%s_errno=%%d mask=%%llx coredump_mask=%%x signal=%%u code=%%u supported=%%llx",
		 who);
	return sscanf(line, fmt, &s->err, &s->mask, &s->coredump_mask,
		      &s->signal, &s->code, &s->supported) == 6;
}

/* Read the helper's OUT; false when it has not all of it. */
static bool read_out(const char *path)
{
	char line[256];
	int got = 0;
	FILE *f = fopen(path, "r");

	if (!f)
		return false;
	while (fgets(line, sizeof(line), f)) {
		if (parse_seen(line, "leader", &leader) ||
		    parse_seen(line, "thread", &thread) ||
		    sscanf(line, "thread_flags=%x", &thread_flags) == 1 ||
		    sscanf(line, "core_bytes=%llu elf=%d elf_end=%llu",
			   &core_bytes, &elf, &core_end) == 3)
			got++;
	}
	fclose(f);
	return got == 4;
}

/* Does the kernel have 7.4's thread pidfds (SO_PEERPIDFD_THREAD)? */
static bool kernel_has_thread_pidfds(void)
{
	int sv[2], fd = -1;
	socklen_t len = sizeof(fd);
	bool has;

	if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv))
		return false;
	has = !getsockopt(sv[0], SOL_SOCKET, SO_PEERPIDFD_THREAD, &fd, &len);
	if (has)
		close(fd);
	close(sv[0]);
	close(sv[1]);
	return has;
}

/*
 * A pidfd the helper read: COREDUMPED, SIGSEGV, SEGV_MAPERR.  Only a
 * kernel that says it does not know PIDFD_INFO_COREDUMP (supported_mask)
 * or has no PIDFD_GET_INFO SKIPs; one that knows it and reports no dump
 * fails.
 */
static void check_seen(const char *name, const struct seen *s)
{
	bool ok = true;

	if (s->err == EBADF || s->err == ENOTTY || s->err == EINVAL ||
	    ((s->mask & PIDFD_INFO_SUPPORTED_MASK) &&
	     !(s->supported & PIDFD_INFO_COREDUMP))) {
		ksft_test_result_skip("%s: the kernel lacks it (%s, supported %#llx)\n",
				      name, strerror(s->err), s->supported);
		return;
	}
	if (s->err) {
		ksft_print_msg("the helper's PIDFD_GET_INFO: %s\n", strerror(s->err));
		ksft_test_result_fail("%s\n", name);
		return;
	}
	if (!(s->mask & PIDFD_INFO_COREDUMP) || !(s->coredump_mask & PIDFD_COREDUMPED)) {
		ksft_print_msg("expected PIDFD_COREDUMPED, got mask %#llx coredump_mask %#x\n",
			       s->mask, s->coredump_mask);
		ok = false;
	}
	if ((s->mask & PIDFD_INFO_COREDUMP_SIGNAL) && s->signal != SIGSEGV) {
		ksft_print_msg("coredump_signal: expected %d, got %u\n", SIGSEGV, s->signal);
		ok = false;
	}
	if ((s->mask & PIDFD_INFO_COREDUMP_CODE) && s->code != SEGV_MAPERR) {
		ksft_print_msg("coredump_code: expected %d (SEGV_MAPERR), got %u\n",
			       SEGV_MAPERR, s->code);
		ok = false;
	}
	ksft_test_result(ok, "%s\n", name);
}

/*
 * Start ./crasher with argv, its stdout a pipe: the first line it writes
 * goes to tidline.  Once it is gone, wait for the helper's OUT and read
 * it.  Returns whether OUT came; *status is the crasher's wait status.
 */
static bool crash(char *const argv[], const char *out, char *tidline,
		  size_t len, pid_t *pid, int *status)
{
	posix_spawn_file_actions_t fa;
	bool done = false;
	int p[2], i, err;
	ssize_t n;

	unlink(out);
	*status = 0;
	if (pipe2(p, O_CLOEXEC))
		ksft_exit_fail_msg("pipe2: %s\n", strerror(errno));
	err = posix_spawn_file_actions_init(&fa);
	if (!err)
		err = posix_spawn_file_actions_adddup2(&fa, p[1], STDOUT_FILENO);
	if (!err)
		err = posix_spawn(pid, argv[0], &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	close(p[1]);
	if (err) {
		core_pattern_restore();
		ksft_exit_fail_msg("cannot start ./crasher: %s\n", strerror(err));
	}
	n = read(p[0], tidline, len - 1);
	close(p[0]);
	tidline[n > 0 ? n : 0] = '\0';
	while (waitpid(*pid, status, 0) < 0 && errno == EINTR)
		;
	/* The helper may still run after the task is gone: its OUT, renamed. */
	for (i = 0; i < 200 && !(done = read_out(out)); i++)
		sleep_ms(50);
	unlink(out);
	return done;
}

static bool dumped(int status)
{
	return WIFSIGNALED(status) && WTERMSIG(status) == SIGSEGV &&
	       WCOREDUMP(status);
}

int main(void)
{
	char dir[2048], pattern[256], out[64], tidline[32] = "";
	char *argv[] = { "./crasher", "64", "thread", NULL };
	char *tail[] = { "./crasher", "64", "top", NULL };
	int status = 0;
	pid_t pid;
	ssize_t n;
	bool done;

	ksft_print_header();
	ksft_set_plan(5);
	if (!getcwd(dir, sizeof(dir)))
		ksft_exit_fail_msg("getcwd: %s\n", strerror(errno));
	snprintf(out, sizeof(out), "/tmp/coredump-pipe.%d.out", getpid());
	/* (core_pattern holds at most 127 bytes.) */
	n = snprintf(pattern, sizeof(pattern), "|%s/coredump_pipe_helper %s %%i %%F",
		     dir, out);
	if (n >= 128)
		ksft_exit_fail_msg("core_pattern would be too long: %s\n", pattern);
	if (core_pattern_save())
		ksft_exit_fail_msg("cannot read core_pattern\n");
	if (core_pattern_write(pattern, strlen(pattern)))
		ksft_exit_fail_msg("cannot set core_pattern to '%s'\n", pattern);
	ksft_print_msg("core_pattern: %s\n", pattern);

	done = crash(argv, out, tidline, sizeof(tidline), &pid, &status);
	ksft_print_msg("crasher %d, its crashing thread %s", pid, *tidline ? tidline : "?\n");
	ksft_test_result(dumped(status),
			 "the crasher dies of SIGSEGV with a core (wait status %#x)\n", status);
	if (!done) {
		ksft_print_msg("the helper wrote no %s within 10 s\n", out);
		ksft_test_result_fail("the core reaches the helper's stdin, an ELF file\n");
		ksft_test_result_fail("%%F: the dumping process's pidfd: COREDUMPED, SIGSEGV, SEGV_MAPERR\n");
		ksft_test_result_fail("a thread pidfd of the thread that crashed (%%i): the same\n");
	} else {
		ksft_print_msg("helper: %llu bytes (the last segment ends at %llu), leader mask %#llx, thread flags %#x mask %#llx\n",
			       core_bytes, core_end, leader.mask, thread_flags, thread.mask);
		ksft_test_result(core_bytes > 0 && elf == 1,
				 "the core reaches the helper's stdin, an ELF file\n");
		check_seen("%F: the dumping process's pidfd: COREDUMPED, SIGSEGV, SEGV_MAPERR",
			   &leader);
		if (!kernel_has_thread_pidfds())
			ksft_test_result_skip("a thread pidfd of the thread that crashed (%%i): no SO_PEERPIDFD_THREAD: not 7.4's thread pidfds\n");
		else if (!(thread_flags & CD_PIDFD_THREAD) && !thread.err)
			ksft_test_result_fail("a thread pidfd of the thread that crashed (%%i): not a thread pidfd (flags %#x)\n",
					      thread_flags);
		else
			check_seen("a thread pidfd of the thread that crashed (%i): the same", &thread);
	}

	done = crash(tail, out, tidline, sizeof(tidline), &pid, &status);
	core_pattern_restore();
	if (!dumped(status) || !done || elf != 1 || !core_end)
		ksft_print_msg("tail: crasher %d status %#x, helper %s, %llu bytes, elf %d, last segment end %llu\n",
			       pid, status, done ? "answered" : "wrote nothing", core_bytes, elf, core_end);
	else if (core_bytes != core_end)
		ksft_print_msg("tail: the core has %llu bytes, its last segment ends at %llu: the skip at its end was not written\n",
			       core_bytes, core_end);
	ksft_test_result(dumped(status) && done && elf == 1 && core_end &&
			 core_bytes == core_end,
			 "a core that ends in zero pages comes whole: as long as its last segment's end\n");
	ksft_finished();
}
