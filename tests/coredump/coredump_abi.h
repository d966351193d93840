/* SPDX-License-Identifier: GPL-2.0 */
/*
 * coredump_abi.h - the Linux 7.4 coredump socket ABI that
 * coredump-server and the coredump tests need, under names of our own:
 * the suite is built against the uapi headers of the tree under test, a
 * 7.3 tree has neither RECORDS, SPARSE nor the record header, and the
 * mask bits are enumerators, which #ifndef cannot test.  The values
 * are those of include/uapi/linux/coredump.h in Linux 7.4
 * (spec/coredump.md).  And the pidfs ABI the tests read a crashed task
 * by (struct pidfd_info, PIDFD_GET_INFO).
 */
#ifndef COREDUMP_ABI_H
#define COREDUMP_ABI_H

#include <errno.h>
#include <stdint.h>
#include <string.h>
#include <sys/ioctl.h>

#define CD_KERNEL	(1ULL << 0)
#define CD_USERSPACE	(1ULL << 1)
#define CD_REJECT	(1ULL << 2)
#define CD_WAIT		(1ULL << 3)
#define CD_RECORDS	(1ULL << 4)
#define CD_SPARSE	(1ULL << 5)
#define CD_MASK_73	(CD_KERNEL | CD_USERSPACE | CD_REJECT | CD_WAIT)
#define CD_MASK_74	(CD_MASK_73 | CD_RECORDS | CD_SPARSE)

/* struct coredump_req and struct coredump_ack, 16 bytes each. */
struct cd_req {
	uint32_t size;
	uint32_t size_ack;
	uint64_t mask;
};

struct cd_ack {
	uint32_t size;
	uint32_t spare;
	uint64_t mask;
};

#define CD_REQ_SIZE_VER0	16U
#define CD_ACK_SIZE_VER0	16U

/* enum coredump_mark: one u32 after the ack. */
#define CD_MARK_REQACK		0U
#define CD_MARK_MINSIZE		1U
#define CD_MARK_MAXSIZE		2U
#define CD_MARK_UNSUPPORTED	3U
#define CD_MARK_CONFLICTING	4U

/* enum coredump_record_type */
#define CD_RECORD_DATA		0U
#define CD_RECORD_END		1U
#define CD_RECORD_ZERO		2U

/* struct coredump_record_header */
struct cd_record {
	uint32_t size;
	uint32_t type;
	uint64_t flags;
	uint64_t offset;
	uint64_t len;
};

#define CD_RECORD_HEADER_SIZE_VER0	32U

_Static_assert(sizeof(struct cd_req) == CD_REQ_SIZE_VER0, "coredump_req");
_Static_assert(sizeof(struct cd_ack) == CD_ACK_SIZE_VER0, "coredump_ack");
_Static_assert(sizeof(struct cd_record) == CD_RECORD_HEADER_SIZE_VER0,
	       "coredump_record_header");

/*
 * <linux/pidfd.h> pulls in <linux/fcntl.h>, which clashes with the libc's
 * <fcntl.h>: carry the pidfs ABI ourselves. This is struct pidfd_info at
 * PIDFD_INFO_SIZE_VER3 (88 bytes, Linux 7.3); an older kernel fills what
 * it knows and says so in ->mask.
 */
struct cd_pidfd_info {
	uint64_t mask;
	uint64_t cgroupid;
	uint32_t pid;
	uint32_t tgid;
	uint32_t ppid;
	uint32_t ruid;
	uint32_t rgid;
	uint32_t euid;
	uint32_t egid;
	uint32_t suid;
	uint32_t sgid;
	uint32_t fsuid;
	uint32_t fsgid;
	int32_t exit_code;
	uint32_t coredump_mask;
	uint32_t coredump_signal;
	uint32_t coredump_code;
	uint32_t coredump_pad;
	uint64_t supported_mask;
};

_Static_assert(sizeof(struct cd_pidfd_info) == 88, "PIDFD_INFO_SIZE_VER3");

#define CD_PIDFD_GET_INFO	_IOWR(0xFF, 11, struct cd_pidfd_info)

/*
 * PIDFD_THREAD (pidfd_open()'s flag, and what F_GETFL shows on a thread
 * pidfd): O_EXCL, from the includer's <fcntl.h>.
 */
#define CD_PIDFD_THREAD		O_EXCL

/* PIDFD_GET_INFO for the bits of mask: 0 or the errno. */
static inline int pidfd_info_get(int pidfd, uint64_t mask, struct cd_pidfd_info *info)
{
	memset(info, 0, sizeof(*info));
	info->mask = mask;
	if (ioctl(pidfd, CD_PIDFD_GET_INFO, info))
		return errno;
	return 0;
}

#endif /* COREDUMP_ABI_H */
