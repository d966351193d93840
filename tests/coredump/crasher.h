/* SPDX-License-Identifier: GPL-2.0 */
/*
 * crasher.h - what the coredump tests and ./crasher agree on.
 *
 * ./crasher [KiB] maps KiB KiB of private anonymous memory, fills every
 * 64-bit word of it with CRASHER_PATTERN(its pid) and then stores to
 * address 0 (SIGSEGV, SEGV_MAPERR). The pattern is computed at run time,
 * so a full page of it can only come from that mapping: finding one in a
 * PT_LOAD segment proves the dump carries the crasher's memory.
 */
#ifndef CRASHER_H
#define CRASHER_H

#include <stdint.h>

#define CRASHER_PATTERN(pid)	(0x636f726564756d70ULL ^ (uint64_t)(pid))

/* Keep the mapping small: the suite also runs on NOMMU with little RAM. */
#define CRASHER_MAX_KIB		(64UL * 1024)

#endif /* CRASHER_H */
