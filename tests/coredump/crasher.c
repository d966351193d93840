// SPDX-License-Identifier: GPL-2.0
/*
 * crasher - a helper that dies of SIGSEGV (SEGV_MAPERR at address 0).
 *
 * Usage: ./crasher [KiB]
 *
 * With KiB > 0 it first maps and writes that much private anonymous
 * memory (see crasher.h) so that a test can find it in the core. It is
 * started by the coredump tests with posix_spawn() and prints nothing;
 * an exit status (instead of a signal) means it could not get as far as
 * the crash: 2 bad argument, 3 mmap failed, 4 the store did not fault.
 */
#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>
#include <sys/mman.h>
#include <sys/resource.h>

#include "crasher.h"

/*
 * volatile: the compiler must neither see that this is NULL (it would
 * turn the store into a trap instruction, i.e. SIGILL) nor drop it.
 */
static int *volatile crash_ptr;

int main(int argc, char **argv)
{
	unsigned long kib = 0;
	struct rlimit rl;
	sigset_t set;

	if (argc > 1) {
		char *end;

		errno = 0;
		kib = strtoul(argv[1], &end, 0);
		if (errno || end == argv[1] || *end || kib > CRASHER_MAX_KIB)
			return 2;
	}

	/* The test wants a default SIGSEGV whatever we inherited. */
	signal(SIGSEGV, SIG_DFL);
	sigemptyset(&set);
	sigaddset(&set, SIGSEGV);
	sigprocmask(SIG_UNBLOCK, &set, NULL);

	/*
	 * Test the socket protocol, not the RLIMIT_CORE policy of whoever
	 * started us: lift the soft limit as far as the hard one allows.
	 */
	if (!getrlimit(RLIMIT_CORE, &rl)) {
		rl.rlim_cur = rl.rlim_max;
		setrlimit(RLIMIT_CORE, &rl);
	}

	if (kib) {
		size_t len = kib * 1024, i;
		uint64_t val = CRASHER_PATTERN(getpid());
		uint64_t *p;

		p = mmap(NULL, len, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		if (p == MAP_FAILED)
			return 3;
		for (i = 0; i < len / sizeof(*p); i++)
			p[i] = val;
	}

	*crash_ptr = 1;
	return 4;
}
