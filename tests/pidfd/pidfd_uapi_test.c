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
#include <sys/socket.h>
#include <asm/socket.h>

#include "kselftest.h"
#include "uapi_values.h"

static const struct uapi_value values[] = {
	UAPI_VALUE(SO_PASSPIDFD, 76),
	UAPI_VALUE(SO_PEERPIDFD, 77),
	UAPI_VALUE(SO_RIGHTS_NOTRUNC, 85),
	UAPI_VALUE(SO_PASSPIDFD_THREAD, 86),
	UAPI_VALUE(SO_PEERPIDFD_THREAD, 87),
};

int main(void)
{
	ksft_print_header();
	ksft_set_plan(UAPI_VALUES_LEN(values));
	uapi_check_values(values, UAPI_VALUES_LEN(values));
	ksft_finished();
}
