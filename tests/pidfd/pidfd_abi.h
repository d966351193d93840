/* SPDX-License-Identifier: GPL-2.0 */
/*
 * pidfd_abi.h - ABI fallbacks and small wrappers shared by the pidfd
 * tests and their helper program.
 *
 * <fcntl.h> and <sys/ioctl.h> are deliberately not included anywhere in
 * this suite: they can clash with <linux/fcntl.h> and <linux/ioctl.h>
 * (pulled in by <linux/pidfd.h>), so fcntl() and ioctl() are reached
 * through syscall() instead.
 */
#ifndef PIDFD_ABI_H
#define PIDFD_ABI_H

#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/un.h>
#include <unistd.h>
#include <linux/pidfd.h>

/* What the tree's headers lack (struct pidfd_info too, after <linux/pidfd.h>). */
#include "testbed_compat.h"

/* glibc has P_PIDFD as an enumerator of idtype_t, not as a macro. */
#ifndef P_PIDFD
#define P_PIDFD 3
#endif

#define HELPER_PATH "./pidfd_helper"

/*
 * What a helper tells the test about the thread that did the job (sent,
 * connected, listened): its process id and its thread id.
 */
struct who {
	pid_t pid;
	pid_t tid;
};

static inline int sys_pidfd_open(pid_t pid, unsigned int flags)
{
	return syscall(__NR_pidfd_open, pid, flags);
}

static inline int sys_pidfd_send_signal(int pidfd, int sig, void *info,
					unsigned int flags)
{
	return syscall(__NR_pidfd_send_signal, pidfd, sig, info, flags);
}

static inline pid_t sys_gettid(void)
{
	return syscall(SYS_gettid);
}

static inline int sys_tgkill(pid_t tgid, pid_t tid, int sig)
{
	return syscall(SYS_tgkill, tgid, tid, sig);
}

/* fcntl(F_GETFL): the file status flags, PIDFD_THREAD shows as O_EXCL. */
static inline int fd_getfl(int fd)
{
	return syscall(SYS_fcntl, fd, F_GETFL);
}

static inline int fd_getfd(int fd)
{
	return syscall(SYS_fcntl, fd, F_GETFD);
}

static inline int fd_set_cloexec(int fd, int on)
{
	return syscall(SYS_fcntl, fd, F_SETFD, on ? FD_CLOEXEC : 0);
}

/* Abstract AF_UNIX address for @name; returns the address length. */
static inline socklen_t unix_abstract_addr(struct sockaddr_un *sun,
					   const char *name)
{
	size_t n = strlen(name);

	if (n > sizeof(sun->sun_path) - 1)
		n = sizeof(sun->sun_path) - 1;
	memset(sun, 0, sizeof(*sun));
	sun->sun_family = AF_UNIX;
	memcpy(sun->sun_path + 1, name, n);
	return offsetof(struct sockaddr_un, sun_path) + 1 + n;
}

/* "stream", "dgram", "seqpacket" <-> SOCK_* */
static inline int sock_type_parse(const char *s)
{
	if (!strcmp(s, "stream"))
		return SOCK_STREAM;
	if (!strcmp(s, "dgram"))
		return SOCK_DGRAM;
	if (!strcmp(s, "seqpacket"))
		return SOCK_SEQPACKET;
	return -1;
}

static inline const char *sock_type_arg(int type)
{
	switch (type) {
	case SOCK_STREAM:
		return "stream";
	case SOCK_DGRAM:
		return "dgram";
	case SOCK_SEQPACKET:
		return "seqpacket";
	}
	return "?";
}

static inline const char *sock_type_name(int type)
{
	switch (type) {
	case SOCK_STREAM:
		return "SOCK_STREAM";
	case SOCK_DGRAM:
		return "SOCK_DGRAM";
	case SOCK_SEQPACKET:
		return "SOCK_SEQPACKET";
	}
	return "SOCK_?";
}

#endif /* PIDFD_ABI_H */
