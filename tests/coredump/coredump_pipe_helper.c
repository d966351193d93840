// SPDX-License-Identifier: GPL-2.0
/*
 * coredump_pipe_helper - the usermode helper of coredump_pipe_test:
 * core_pattern "|/path/coredump_pipe_helper OUT %i %F".  The kernel runs
 * it as root as a task dumps core, the core on its stdin, the pidfd of
 * %F (the dumping process) as descriptor %F.  It writes what it found,
 * while the task it was started for still dumps, to OUT (OUT.tmp, then
 * renamed: the test waits for OUT), one "key=value" a line:
 *
 *   leader_errno=E mask=M coredump_mask=C signal=S code=D supported=S
 *                                                         (%F's pidfd)
 *   thread_flags=F        (F_GETFL of a PIDFD_THREAD pidfd of %i, the
 *                          thread that dumps)
 *   thread_errno=E mask=M ...                             (that pidfd)
 *   core_bytes=N elf=1|0                                  (its stdin)
 *
 * E is 0 or the errno of the step that failed (pidfd_open, the ioctl).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/syscall.h>

#include "testbed_compat.h"
#include "coredump_abi.h"

#define WANT	(PIDFD_INFO_COREDUMP | PIDFD_INFO_COREDUMP_SIGNAL | \
		 PIDFD_INFO_COREDUMP_CODE | PIDFD_INFO_SUPPORTED_MASK)

static void info_line(FILE *f, const char *who, int pidfd, int err)
{
	struct cd_pidfd_info i = { 0 };

	if (!err)
		err = pidfd_info_get(pidfd, WANT, &i);
	fprintf(f, "%s_errno=%d mask=%#llx coredump_mask=%#x signal=%u code=%u supported=%#llx\n",
		who, err, (unsigned long long)i.mask, i.coredump_mask,
		i.coredump_signal, i.coredump_code,
		(unsigned long long)i.supported_mask);
}

int main(int argc, char **argv)
{
	char tmp[4096], buf[65536];
	unsigned long long bytes = 0;
	int tfd, err = 0, elf = 0;
	ssize_t n;
	FILE *f;

	/* A kernel without %F (before 6.16) leaves it out: no descriptor. */
	if (argc != 3 && argc != 4)
		return 2;
	snprintf(tmp, sizeof(tmp), "%s.tmp", argv[1]);
	f = fopen(tmp, "w");
	if (!f)
		return 1;
	info_line(f, "leader", argc == 4 ? atoi(argv[3]) : -1, argc == 4 ? 0 : EBADF);
	tfd = syscall(SYS_pidfd_open, atoi(argv[2]), CD_PIDFD_THREAD);
	if (tfd < 0)
		err = errno;
	fprintf(f, "thread_flags=%#x\n", tfd < 0 ? 0 : fcntl(tfd, F_GETFL));
	info_line(f, "thread", tfd, err);
	while ((n = read(0, buf, sizeof(buf))) > 0) {
		if (!bytes && n >= 4 && !memcmp(buf, "\177ELF", 4))
			elf = 1;
		bytes += n;
	}
	fprintf(f, "core_bytes=%llu elf=%d\n", bytes, elf);
	if (fclose(f))
		return 1;
	return rename(tmp, argv[1]) ? 1 : 0;
}
