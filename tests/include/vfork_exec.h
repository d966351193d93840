/* SPDX-License-Identifier: GPL-2.0 */
/*
 * vfork_exec.h - start a helper program and wait for it, NOMMU-safe: vfork()
 * and execve() at once, never fork().  The one place for this; the
 * suites' own headers wrap it with their helper's path and their way of
 * failing.  (Not spawn.h: -I puts this folder before libc's <spawn.h>.)
 */
#ifndef TESTBED_VFORK_EXEC_H
#define TESTBED_VFORK_EXEC_H

#include <errno.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

/*
 * F_SETFD and FD_CLOEXEC come from the includer's <fcntl.h> or
 * <linux/fcntl.h> (the two clash: the pidfd suite has only the latter),
 * and fcntl() goes through syscall(), which needs neither.
 */

extern char **environ;

/*
 * Run argv[0] (a path) with argv, the descriptors keep[0..nkeep) left
 * open across the exec (they are close-on-exec again after): its pid,
 * or -1 with errno set when vfork() failed.  A child that cannot exec
 * exits 127.
 */
static inline pid_t spawn_keeping(const int *keep, int nkeep, const char *const *argv)
{
	pid_t pid;
	int i, err;

	for (i = 0; i < nkeep; i++)
		syscall(SYS_fcntl, keep[i], F_SETFD, 0);
	pid = vfork();
	if (pid == 0) {
		execve(argv[0], (char *const *)argv, environ);
		_exit(127);
	}
	err = errno;
	for (i = 0; i < nkeep; i++)
		syscall(SYS_fcntl, keep[i], F_SETFD, FD_CLOEXEC);
	errno = err;
	return pid;
}

/* waitpid() that reports the wait status, -1 on error. */
static inline int reap(pid_t pid)
{
	int status;

	while (waitpid(pid, &status, 0) < 0) {
		if (errno != EINTR)
			return -1;
	}
	return status;
}

#endif /* TESTBED_VFORK_EXEC_H */
