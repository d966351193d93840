/* SPDX-License-Identifier: GPL-2.0 */
/*
 * crasher.h - what the coredump tests and ./crasher agree on.
 *
 * ./crasher [KiB] maps KiB KiB of private anonymous memory, fills every
 * 64-bit word of it with CRASHER_PATTERN(its pid) and then stores to
 * address 0 (SIGSEGV, SEGV_MAPERR). The pattern is computed at run time,
 * so a full page of it can only come from that mapping: finding one in a
 * PT_LOAD segment proves the dump carries the crasher's memory.
 *
 * The modes of ./crasher 0 MODE shape the dump for the record stream:
 *   big      a CRASHER_BIG_SIZE MAP_NORESERVE mapping, only its first and
 *            last pages written (with the pattern): a huge hole inside;
 *   hole     CRASHER_HOLE_PAGES pages, only the first and last
 *            CRASHER_HOLE_DATA written: a hole in the middle;
 *   tail     the highest mapping ends in at least CRASHER_TAIL_PAGES
 *            pages of zeroes, so that with COREDUMP_SPARSE the dump ends
 *            in a hole: the stack, made the highest mapping (the vDSO
 *            above it is unmapped) with its argument and environment
 *            strings, padded to that size, wiped; or, where the program
 *            lies above the stack (NOMMU), a mapping of one page of data
 *            and those zeroes that landed above all others;
 *   top      right above the stack (the vDSO unmapped), a page that
 *            is never touched: a dump skips it, so one
 *            that is not sparse ends in a skip too (a dump to a pipe or
 *            a file must still write it); NOMMU: as tail;
 *   threads  CRASHER_THREADS threads with stacks of CRASHER_STACK bytes,
 *            all alive when the leader crashes;
 *   fit      "big" sized for NOMMU: one CRASHER_FIT_SIZE mapping, less
 *            than one NOMMU allocation can hold (4 MiB), only its first
 *            and last pages written.
 * Every mode but "thread" runs without address space randomization, so
 * two crashes of one mode have the same layout.
 */
#ifndef CRASHER_H
#define CRASHER_H

#include <stdint.h>

#define CRASHER_PATTERN(pid)	(0x636f726564756d70ULL ^ (uint64_t)(pid))

/* Keep the mapping small: the suite also runs on NOMMU with little RAM. */
#define CRASHER_MAX_KIB		(64UL * 1024)

#define CRASHER_PAGE		4096UL
#define CRASHER_BIG_SIZE	(256UL << 20)
#define CRASHER_HOLE_PAGES	16UL
#define CRASHER_HOLE_DATA	4UL
#define CRASHER_TAIL_PAGES	2UL
#define CRASHER_THREADS		128
#define CRASHER_STACK		(8UL << 20)
#define CRASHER_FIT_SIZE	(3UL << 20)

#endif /* CRASHER_H */
