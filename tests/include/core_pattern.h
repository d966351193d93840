/* SPDX-License-Identifier: GPL-2.0 */
/*
 * core_pattern.h - the guest's core_pattern for the programs that point
 * it at a coredump socket: read, written, saved at the start and put
 * back on every way out (also from a fatal signal's handler), and does
 * the running kernel have the coredump socket at all.
 *
 * A kernel without the socket (6.12, say) takes "@@/path" for a file
 * name: a crash then never reaches the socket, and a test would wait for
 * a connection that cannot come.  /proc/sys/kernel/core_modes (7.x)
 * lists "socket" where there is one; without that file, a kernel that
 * knows '@' refuses a relative "@name" with EINVAL, and one that does
 * not takes it (put back at once).  A kernel from 6.16 on, which brought
 * the socket, is never excused: there a test fails.
 */
#ifndef CORE_PATTERN_H
#define CORE_PATTERN_H

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdbool.h>
#include <string.h>
#include <unistd.h>

#include "testbed_compat.h"

#define CORE_PATTERN	"/proc/sys/kernel/core_pattern"

/*
 * core_pattern into buf (size bytes), without its newline and ended by a
 * NUL: its length, or -errno.
 */
static inline ssize_t core_pattern_read(char *buf, size_t size)
{
	ssize_t n;
	int fd;

	fd = open(CORE_PATTERN, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	n = read(fd, buf, size - 1);
	if (n < 0)
		n = -errno;
	close(fd);
	if (n < 0)
		return n;
	while (n > 0 && buf[n - 1] == '\n')
		n--;
	buf[n] = '\0';
	return n;
}

/*
 * Set core_pattern to the len bytes at s (none: the empty pattern): 0 or
 * -errno.  Async-signal-safe.
 */
static inline int core_pattern_write(const char *s, size_t len)
{
	ssize_t n;
	int fd, err = 0;

	if (!len)
		s = "\n", len = 1;
	fd = open(CORE_PATTERN, O_WRONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	n = write(fd, s, len);
	if (n < 0)
		err = -errno;
	else if ((size_t)n != len)
		err = -EIO;
	close(fd);
	return err;
}

/* The pattern core_pattern_save() found, which core_pattern_restore()
 * puts back.
 */
static char core_pattern_saved[256];
static size_t core_pattern_saved_len;
static volatile sig_atomic_t core_pattern_was_saved;

/* Keep the pattern as it is now, to put back later: 0 or -errno. */
static inline int core_pattern_save(void)
{
	ssize_t n = core_pattern_read(core_pattern_saved,
				      sizeof(core_pattern_saved));

	if (n < 0)
		return (int)n;
	core_pattern_saved_len = n;
	core_pattern_was_saved = 1;
	return 0;
}

/*
 * Put the saved pattern back (nothing when none was saved): 0 or -errno.
 * Async-signal-safe, and may run any number of times: at exit, from a
 * fatal signal's handler, after each crash.
 */
static inline int core_pattern_restore(void)
{
	if (!core_pattern_was_saved)
		return 0;
	return core_pattern_write(core_pattern_saved, core_pattern_saved_len);
}

/* Is core_pattern the saved pattern again? */
static inline bool core_pattern_restored(void)
{
	char now[sizeof(core_pattern_saved)];
	ssize_t n = core_pattern_read(now, sizeof(now));

	return n >= 0 && (size_t)n == core_pattern_saved_len &&
	       !memcmp(now, core_pattern_saved, n);
}

/* NULL where the kernel has the coredump socket, else why not. */
static inline const char *core_pattern_no_socket(void)
{
	static const char probe[] = "@uml-testbed-probe";
	char buf[256];
	ssize_t n;
	int fd;

	if (tb_kernel_release() >= 6016)
		return NULL;
	fd = open("/proc/sys/kernel/core_modes", O_RDONLY | O_CLOEXEC);
	if (fd >= 0) {
		n = read(fd, buf, sizeof(buf) - 1);
		close(fd);
		buf[n > 0 ? n : 0] = '\0';
		return strstr(buf, "socket") ? NULL :
		       "no coredump socket: core_modes does not list it";
	}
	n = core_pattern_read(buf, sizeof(buf));
	if (n < 0)
		return NULL;	/* the test finds out for itself */
	if (core_pattern_write(probe, sizeof(probe) - 1))
		return NULL;	/* EINVAL: '@' means the socket here */
	core_pattern_write(buf, n);
	return "no coredump socket: core_pattern takes \"@name\" for a file name (the socket came with 6.16)";
}

#endif /* CORE_PATTERN_H */
