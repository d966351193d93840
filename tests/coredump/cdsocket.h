/* SPDX-License-Identifier: GPL-2.0 */
/*
 * cdsocket.h - does the running kernel have the coredump socket at all?
 *
 * A kernel without it (6.12, say) takes "@@/path" in core_pattern for a
 * file name: a crash then never reaches the socket, and a test would
 * wait for a connection that cannot come.  /proc/sys/kernel/core_modes
 * (7.x) lists "socket" where there is one; without that file, a kernel
 * that knows '@' refuses a relative "@name" with EINVAL, and one that
 * does not takes it (put back at once).  A kernel from 6.16 on, which
 * brought the socket, is never excused: there a test fails.
 */
#ifndef CDSOCKET_H
#define CDSOCKET_H

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#include "testbed_compat.h"

/* NULL where the kernel has the coredump socket, else why not. */
static inline const char *cd_no_socket(void)
{
	static const char probe[] = "@uml-testbed-probe";
	char buf[256];
	ssize_t n;
	int fd, err;

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
	fd = open("/proc/sys/kernel/core_pattern", O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return NULL;	/* the test finds out for itself */
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n < 0)
		return NULL;
	fd = open("/proc/sys/kernel/core_pattern", O_WRONLY | O_CLOEXEC);
	if (fd < 0)
		return NULL;
	err = write(fd, probe, sizeof(probe) - 1) < 0 ? errno : 0;
	close(fd);
	if (err)
		return NULL;	/* EINVAL: '@' means the socket here */
	fd = open("/proc/sys/kernel/core_pattern", O_WRONLY | O_CLOEXEC);
	if (fd >= 0) {
		if (write(fd, n ? buf : "\n", n ? (size_t)n : 1) < 0)
			err = errno;
		close(fd);
	}
	return "no coredump socket: core_pattern takes \"@name\" for a file name (the socket came with 6.16)";
}

#endif /* CDSOCKET_H */
