/* SPDX-License-Identifier: GPL-2.0 */
/*
 * corenotes.h - the notes of an ELF core, as the coredump tests check
 * them. Include after kselftest.h.
 */
#ifndef CORENOTES_H
#define CORENOTES_H

#include <elf.h>
#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <string.h>
#include <sys/procfs.h>

/*
 * NT_PRSTATUS / NT_SIGINFO of the dumping thread (the first of each);
 * *@threads (if not NULL) is incremented for every NT_PRSTATUS.
 */
static inline bool check_notes(const unsigned char *p, size_t size, pid_t pid,
				bool *prstatus, bool *siginfo,
				unsigned int *threads)
{
	size_t off = 0;

	while (size - off >= sizeof(Elf64_Nhdr)) {
		Elf64_Nhdr nh;
		size_t name, desc;

		memcpy(&nh, p + off, sizeof(nh));
		name = off + sizeof(nh);
		desc = name + ((nh.n_namesz + 3) & ~3U);
		if (desc > size || nh.n_descsz > size - desc) {
			ksft_print_msg("note at %zu runs past its segment\n",
				       off);
			return false;
		}

		if (nh.n_type == NT_PRSTATUS && threads)
			(*threads)++;
		if (nh.n_type == NT_PRSTATUS && !*prstatus) {
			struct elf_prstatus st;

			if (nh.n_descsz < offsetof(struct elf_prstatus, pr_reg)) {
				ksft_print_msg("NT_PRSTATUS: %u bytes, too short\n",
					       nh.n_descsz);
				return false;
			}
			memset(&st, 0, sizeof(st));
			memcpy(&st, p + desc, nh.n_descsz < sizeof(st) ?
			       nh.n_descsz : sizeof(st));
			if (st.pr_pid != pid || st.pr_cursig != SIGSEGV ||
			    st.pr_info.si_signo != SIGSEGV) {
				ksft_print_msg("NT_PRSTATUS: expected pid %d signal %d, got pid %d cursig %d si_signo %d\n",
					       pid, SIGSEGV, st.pr_pid,
					       st.pr_cursig,
					       st.pr_info.si_signo);
				return false;
			}
			*prstatus = true;
		} else if (nh.n_type == NT_SIGINFO && !*siginfo) {
			siginfo_t si;

			if (nh.n_descsz < sizeof(si)) {
				ksft_print_msg("NT_SIGINFO: %u bytes, expected %zu\n",
					       nh.n_descsz, sizeof(si));
				return false;
			}
			memcpy(&si, p + desc, sizeof(si));
			if (si.si_signo != SIGSEGV ||
			    si.si_code != SEGV_MAPERR || si.si_addr) {
				ksft_print_msg("NT_SIGINFO: expected SIGSEGV/SEGV_MAPERR at 0, got signo %d code %d addr %p\n",
					       si.si_signo, si.si_code,
					       si.si_addr);
				return false;
			}
			*siginfo = true;
		}
		off = desc + ((nh.n_descsz + 3) & ~3U);
		if (off > size)
			break;
	}
	return true;
}

#endif /* CORENOTES_H */
