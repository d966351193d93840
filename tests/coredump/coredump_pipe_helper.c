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
 *   core_bytes=N elf=1|0 elf_end=M                        (its stdin)
 *
 * E is 0 or the errno of the step that failed (pidfd_open, the ioctl);
 * M is where the core's last segment ends, by its program headers (0
 * when they lie past the first 64 KiB): a whole core is M bytes long.
 */
#include <elf.h>
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

/* Where the last segment of a 64-bit ELF core ends, from its start. */
static unsigned long long elf_end(const unsigned char *hdr, size_t len)
{
	const Elf64_Ehdr *e = (const void *)hdr;
	unsigned long long end = 0, x;
	Elf64_Phdr ph;
	unsigned int i;

	if (len < sizeof(*e) || e->e_phentsize != sizeof(ph) ||
	    e->e_phoff + (unsigned long long)e->e_phnum * sizeof(ph) > len)
		return 0;
	for (i = 0; i < e->e_phnum; i++) {
		memcpy(&ph, hdr + e->e_phoff + i * sizeof(ph), sizeof(ph));
		x = ph.p_offset + ph.p_filesz;
		if (x > end)
			end = x;
	}
	return end;
}

int main(int argc, char **argv)
{
	static unsigned char hdr[65536];
	char tmp[4096], buf[65536];
	unsigned long long bytes = 0;
	int tfd, err = 0, elf = 0;
	size_t kept = 0;
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
		if (kept < sizeof(hdr)) {
			size_t k = sizeof(hdr) - kept < (size_t)n ?
				   sizeof(hdr) - kept : (size_t)n;

			memcpy(hdr + kept, buf, k);
			kept += k;
		}
		bytes += n;
	}
	elf = kept >= 4 && !memcmp(hdr, "\177ELF", 4);
	fprintf(f, "core_bytes=%llu elf=%d elf_end=%llu\n", bytes, elf,
		elf ? elf_end(hdr, kept) : 0);
	if (fclose(f))
		return 1;
	return rename(tmp, argv[1]) ? 1 : 0;
}
