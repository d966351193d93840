// SPDX-License-Identifier: GPL-2.0
/*
 * close_range_uapi_test - <linux/close_range.h> as Linux 7.4 has it: the
 * flags are the enumerators of a named type, enum close_range_flags,
 * each also a macro that #ifdef sees, with the values of the ABI.
 *
 * The type is used by name, so against a header that lacks it this
 * program does not build, and the harness reports that as its failure.
 * <unistd.h> comes first: glibc defines some of the flags as macros of
 * its own, which the kernel's header must undefine before its enum.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <string.h>
#include <unistd.h>
#include <sys/syscall.h>
#include <linux/close_range.h>

#include "kselftest.h"

#ifndef __NR_close_range
#define __NR_close_range 436
#endif

static const struct {
	enum close_range_flags flag;
	unsigned int abi;
	const char *name;
} flags[] = {
	{ CLOSE_RANGE_UNSHARE, 1U << 1, "CLOSE_RANGE_UNSHARE" },
	{ CLOSE_RANGE_CLOEXEC, 1U << 2, "CLOSE_RANGE_CLOEXEC" },
	{ CLOSE_RANGE_EXCEPT, 1U << 3, "CLOSE_RANGE_EXCEPT" },
	{ CLOSE_RANGE_CLOEXEC_ONLY, 1U << 4, "CLOSE_RANGE_CLOEXEC_ONLY" },
};

/* The flags that #ifdef sees, by their ABI values. */
static const unsigned int ifdef_sees = 0
#ifdef CLOSE_RANGE_UNSHARE
	| 1U << 1
#endif
#ifdef CLOSE_RANGE_CLOEXEC
	| 1U << 2
#endif
#ifdef CLOSE_RANGE_EXCEPT
	| 1U << 3
#endif
#ifdef CLOSE_RANGE_CLOEXEC_ONLY
	| 1U << 4
#endif
	;

#define NR_FLAGS (sizeof(flags) / sizeof(flags[0]))

/* close_range() with its flags typed as the header names them. */
static int typed_close_range(unsigned int fd, unsigned int max_fd,
			     enum close_range_flags f)
{
	return syscall(__NR_close_range, fd, max_fd, (unsigned int)f);
}

int main(void)
{
	unsigned int i;
	bool ok;
	int fd;

	ksft_print_header();
	ksft_set_plan(2 * NR_FLAGS + 1);

	for (i = 0; i < NR_FLAGS; i++) {
		ok = (unsigned int)flags[i].flag == flags[i].abi;
		if (!ok)
			ksft_print_msg("%s: expected %#x, got %#x\n",
				       flags[i].name, flags[i].abi,
				       (unsigned int)flags[i].flag);
		ksft_test_result(ok, "%s is an enum close_range_flags of value %#x\n",
				 flags[i].name, flags[i].abi);
	}
	for (i = 0; i < NR_FLAGS; i++)
		ksft_test_result(ifdef_sees & flags[i].abi, "#ifdef %s sees it\n",
				 flags[i].name);

	/* The type as a flags argument: CLOEXEC marks, closes nothing. */
	fd = open("/dev/null", O_RDONLY);
	ok = fd >= 0 && !typed_close_range(fd, fd, CLOSE_RANGE_CLOEXEC) &&
	     fcntl(fd, F_GETFD) == FD_CLOEXEC;
	if (!ok)
		ksft_print_msg("close_range(%d, %d, CLOSE_RANGE_CLOEXEC): %s, fd flags %d\n",
			       fd, fd, strerror(errno), fcntl(fd, F_GETFD));
	ksft_test_result(ok, "an enum close_range_flags argument: CLOEXEC marks the fd\n");
	if (fd >= 0)
		close(fd);

	ksft_finished();
}
