/* SPDX-License-Identifier: GPL-2.0 */
/*
 * testbed_compat.h - what the headers of older trees (6.1 on) lack of
 * what our test programs use.  Each uapi name the tree's headers do not
 * define gets the value Linux 7.4 gives it, so that every suite builds
 * against any tree; a program finds out at run time whether the kernel
 * has the feature, and SKIPs where it does not.  The one place for these
 * values: the suites' own headers include this one.
 *
 * Include it after the system and uapi headers: a name they define is
 * left alone.  It includes no <linux/pidfd.h> (that pulls in
 * <linux/fcntl.h>, which clashes with the libc's <fcntl.h>); a program
 * that includes <linux/pidfd.h> before it gets struct pidfd_info and
 * PIDFD_GET_INFO from here where the tree has none.
 */
#ifndef TESTBED_COMPAT_H
#define TESTBED_COMPAT_H

#include <stdio.h>
#include <sys/utsname.h>
#include <linux/types.h>
#include <linux/ioctl.h>

/* --- close_range() ---------------------------------------------------- */
#ifndef __NR_close_range
#define __NR_close_range		436
#endif
#ifndef CLOSE_RANGE_UNSHARE
#define CLOSE_RANGE_UNSHARE		(1U << 1)
#endif
#ifndef CLOSE_RANGE_CLOEXEC
#define CLOSE_RANGE_CLOEXEC		(1U << 2)
#endif
#ifndef CLOSE_RANGE_EXCEPT
#define CLOSE_RANGE_EXCEPT		(1U << 3)
#endif
#ifndef CLOSE_RANGE_CLOEXEC_ONLY
#define CLOSE_RANGE_CLOEXEC_ONLY	(1U << 4)
#endif

/* --- pidfds --------------------------------------------------------- */
#ifndef __NR_pidfd_send_signal
#define __NR_pidfd_send_signal		424
#endif
#ifndef __NR_pidfd_open
#define __NR_pidfd_open			434
#endif
#ifndef PIDFD_NONBLOCK
#define PIDFD_NONBLOCK			O_NONBLOCK
#endif
#ifndef PIDFD_THREAD
#define PIDFD_THREAD			O_EXCL
#endif

#ifndef PIDFD_INFO_PID
#define PIDFD_INFO_PID			(1UL << 0)
#endif
#ifndef PIDFD_INFO_CREDS
#define PIDFD_INFO_CREDS		(1UL << 1)
#endif
#ifndef PIDFD_INFO_CGROUPID
#define PIDFD_INFO_CGROUPID		(1UL << 2)
#endif
#ifndef PIDFD_INFO_EXIT
#define PIDFD_INFO_EXIT			(1UL << 3)
#endif
#ifndef PIDFD_INFO_COREDUMP
#define PIDFD_INFO_COREDUMP		(1UL << 4)
#endif
#ifndef PIDFD_INFO_SUPPORTED_MASK
#define PIDFD_INFO_SUPPORTED_MASK	(1UL << 5)
#endif
#ifndef PIDFD_INFO_COREDUMP_SIGNAL
#define PIDFD_INFO_COREDUMP_SIGNAL	(1UL << 6)
#endif
#ifndef PIDFD_INFO_COREDUMP_CODE
#define PIDFD_INFO_COREDUMP_CODE	(1UL << 7)
#endif
#ifndef PIDFD_COREDUMPED
#define PIDFD_COREDUMPED		(1U << 0)
#endif
#ifndef PIDFD_COREDUMP_SKIP
#define PIDFD_COREDUMP_SKIP		(1U << 1)
#endif
#ifndef PIDFD_COREDUMP_USER
#define PIDFD_COREDUMP_USER		(1U << 2)
#endif
#ifndef PIDFD_COREDUMP_ROOT
#define PIDFD_COREDUMP_ROOT		(1U << 3)
#endif

/*
 * A tree before 6.13 has no pidfd info at all: the whole struct as 7.4
 * has it (PIDFD_INFO_SIZE_VER3).  An older kernel fails the ioctl, and
 * the program SKIPs.
 */
#if (defined(_LINUX_PIDFD_H) || defined(_UAPI_LINUX_PIDFD_H)) && !defined(PIDFD_GET_INFO)
struct pidfd_info {
	__u64 mask;
	__u64 cgroupid;
	__u32 pid;
	__u32 tgid;
	__u32 ppid;
	__u32 ruid;
	__u32 rgid;
	__u32 euid;
	__u32 egid;
	__u32 suid;
	__u32 sgid;
	__u32 fsuid;
	__u32 fsgid;
	__s32 exit_code;
	struct {
		__u32 coredump_mask;
		__u32 coredump_signal;
		__u32 coredump_code;
		__u32 coredump_pad;
	};
	__u64 supported_mask;
};
#ifndef PIDFS_IOCTL_MAGIC
#define PIDFS_IOCTL_MAGIC		0xFF
#endif
#define PIDFD_GET_INFO			_IOWR(PIDFS_IOCTL_MAGIC, 11, struct pidfd_info)
#endif

/* --- pidfds on AF_UNIX (asm-generic numbering, as on x86) -------------- */
#ifndef SO_PASSPIDFD
#define SO_PASSPIDFD			76
#endif
#ifndef SO_PEERPIDFD
#define SO_PEERPIDFD			77
#endif
#ifndef SO_PASSPIDFD_THREAD
#define SO_PASSPIDFD_THREAD		86
#endif
#ifndef SO_PEERPIDFD_THREAD
#define SO_PEERPIDFD_THREAD		87
#endif
/* The SCM types live in the kernel-internal <linux/socket.h>. */
#ifndef SCM_PIDFD
#define SCM_PIDFD			0x04
#endif
#ifndef SCM_PIDFD_THREAD
#define SCM_PIDFD_THREAD		0x05
#endif

/* --- the coredump socket: <linux/coredump.h> came with 6.16 ------------ */
#if __has_include(<linux/coredump.h>)
#include <linux/coredump.h>
#else
enum {
	COREDUMP_KERNEL		= (1ULL << 0),
	COREDUMP_USERSPACE	= (1ULL << 1),
	COREDUMP_REJECT		= (1ULL << 2),
	COREDUMP_WAIT		= (1ULL << 3),
};

struct coredump_req {
	__u32 size;
	__u32 size_ack;
	__u64 mask;
};

enum {
	COREDUMP_REQ_SIZE_VER0 = 16U,
};

struct coredump_ack {
	__u32 size;
	__u32 spare;
	__u64 mask;
};

enum {
	COREDUMP_ACK_SIZE_VER0 = 16U,
};

enum coredump_mark {
	COREDUMP_MARK_REQACK		= 0U,
	COREDUMP_MARK_MINSIZE		= 1U,
	COREDUMP_MARK_MAXSIZE		= 2U,
	COREDUMP_MARK_UNSUPPORTED	= 3U,
	COREDUMP_MARK_CONFLICTING	= 4U,
	__COREDUMP_MARK_MAX		= (1U << 31),
};
#endif

/* --- which release is running ----------------------------------------- */
/*
 * The running kernel's release as major * 1000 + minor (6013 for 6.13).
 * A case may SKIP for a feature the kernel refused only where the kernel
 * predates the release that brought it: a later kernel that refuses it
 * is that case's FAIL.  (Our 7.4 features come on a 7.3 base, so they
 * are probed, not dated.)
 */
static inline int tb_kernel_release(void)
{
	struct utsname u;
	int major = 0, minor = 0;

	if (!uname(&u))
		sscanf(u.release, "%d.%d", &major, &minor);
	return major * 1000 + minor;
}

/* --- kselftest.h of older trees ---------------------------------------- */
#ifndef __printf
#define __printf(a, b)			__attribute__((format(printf, a, b)))
#endif
#ifndef __noreturn
#define __noreturn			__attribute__((__noreturn__))
#endif
/*
 * ksft_exit_fail_perror() is newer than 6.1; this is the same for any
 * tree (a macro: it needs kselftest.h, <errno.h> and <string.h> only
 * where it is used).
 */
#define tb_exit_fail_perror(what) \
	ksft_exit_fail_msg("%s: %s\n", (what), strerror(errno))

#endif /* TESTBED_COMPAT_H */
