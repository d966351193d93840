/* SPDX-License-Identifier: GPL-2.0 */
/*
 * coredump_abi.h - the Linux 7.4 coredump socket ABI that
 * coredump-server and the coredump tests need, under names of our own:
 * the suite is built against the uapi headers of the tree under test, a
 * 7.3 tree has neither RECORDS, SPARSE nor the record header, and the
 * mask bits are enumerators, which #ifndef cannot test.  The values
 * are those of include/uapi/linux/coredump.h in Linux 7.4
 * (spec/coredump.md).
 */
#ifndef COREDUMP_ABI_H
#define COREDUMP_ABI_H

#include <stdint.h>

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

#endif /* COREDUMP_ABI_H */
