// SPDX-License-Identifier: GPL-2.0
/*
 * pidfd_uapi_test - the socket options of the tree's uapi headers
 * (<asm/socket.h>, asm-generic's values on x86) against the Linux 7.4
 * ABI of shared/spec/pidfd.md: SO_PASSPIDFD_THREAD 86 and
 * SO_PEERPIDFD_THREAD 87, beside 7.3's SO_PASSPIDFD 76, SO_PEERPIDFD 77
 * and SO_RIGHTS_NOTRUNC 85.
 *
 * The other programs of the suite fall back on values of their own
 * (testbed_compat.h) where the C library lacks a name, so a header that
 * numbers an option otherwise than the ABI, the kernel built from it
 * alike, would go unseen there.  The 7.4 names are used here, so against
 * a header that lacks them this program does not build, and the harness
 * reports that as its failure.
 */
#include <stdbool.h>
#include <sys/socket.h>
#include <asm/socket.h>

#include "kselftest.h"

#define ENTRY(name, abi) { (name), (abi), #name }

static const struct {
	int got, abi;
	const char *name;
} values[] = {
	ENTRY(SO_PASSPIDFD, 76),
	ENTRY(SO_PEERPIDFD, 77),
	ENTRY(SO_RIGHTS_NOTRUNC, 85),
	ENTRY(SO_PASSPIDFD_THREAD, 86),
	ENTRY(SO_PEERPIDFD_THREAD, 87),
};

#define ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))

int main(void)
{
	unsigned int i;
	bool ok;

	ksft_print_header();
	ksft_set_plan(ARRAY_LEN(values));

	for (i = 0; i < ARRAY_LEN(values); i++) {
		ok = values[i].got == values[i].abi;
		if (!ok)
			ksft_print_msg("%s: expected %d, got %d\n",
				       values[i].name, values[i].abi,
				       values[i].got);
		ksft_test_result(ok, "%s is %d\n", values[i].name,
				 values[i].abi);
	}

	ksft_finished();
}
