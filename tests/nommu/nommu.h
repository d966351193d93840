/* SPDX-License-Identifier: GPL-2.0 */
/*
 * nommu.h - what the nommu suite's programs share: the kind of kernel
 * they were built for, children by vfork()+execve() of ./nommu_helper,
 * /proc/self/maps and /proc/meminfo lookups, and catching a fault in
 * this process with sigsetjmp()/siglongjmp().
 *
 * The expectation of every case comes from TESTBED_KERNEL_MMU, the
 * CONFIG_MMU of the kernel the programs were built for (scripts/
 * build-tests reads it from the kernel's .config), never from what the
 * running kernel does: a NOMMU rule that a kernel breaks must fail.
 */
#ifndef NOMMU_H
#define NOMMU_H

#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/auxv.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/wait.h>

#include "kselftest.h"
#include "case_table.h"
#include "vfork_exec.h"

#ifndef TESTBED_KERNEL_MMU
#error "TESTBED_KERNEL_MMU is not defined: build with tests/Makefile (KERNEL_MMU=1|0)"
#endif
#ifndef GUEST_NO_MMU
#error "GUEST_NO_MMU is not defined: build with tests/Makefile"
#endif

#define KERNEL_MMU	(TESTBED_KERNEL_MMU != 0)
#define KIND		(KERNEL_MMU ? "MMU" : "NOMMU")

/* SKIP reasons: a rule of the other kind of kernel. */
#define ONLY_NOMMU(why)	case_skip("MMU kernel: " why)
#define ONLY_MMU(why)	case_skip(GUEST_NO_MMU why)

#define HELPER_PATH	"./nommu_helper"
#define PAGE		4096UL

static inline bool fail(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	ksft_print_msg("%s: ", KIND);
	vprintf(fmt, ap);
	va_end(ap);
	fflush(stdout);
	return false;
}

/* The result of a call that should fail with @err. */
static inline bool want_errno(const char *what, long ret, int err)
{
	if (ret != -1 || errno != err)
		return fail("%s: expected -1 %s, got %ld (%s)\n", what,
			    strerror(err), ret,
			    ret == -1 ? strerror(errno) : "success");
	return true;
}

static inline bool want_ok(const char *what, long ret)
{
	if (ret == -1)
		return fail("%s: expected success, got %s\n", what,
			    strerror(errno));
	return true;
}

static inline void *map_anon(size_t len, int prot)
{
	void *p = mmap(NULL, len, prot, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (p == MAP_FAILED) {
		fail("mmap(%zu anonymous): %s\n", len, strerror(errno));
		return NULL;
	}
	return p;
}

/*
 * ./nommu_helper with @argv (NULL-terminated, without argv[0]), by
 * vfork()+execve(); the fds in @keep stay open across the exec.
 */
static inline pid_t helper_spawnv(const int *keep, int nkeep,
				  const char *const *args)
{
	const char *argv[16];
	int n = 0;
	pid_t pid;

	argv[n++] = HELPER_PATH;
	while (n < 15 && args && *args)
		argv[n++] = *args++;
	argv[n] = NULL;
	pid = spawn_keeping(keep, nkeep, argv);
	if (pid < 0)
		fail("vfork: %s\n", strerror(errno));
	return pid;
}

/* Read all of a small file into @buf (NUL-terminated); -1 on error. */
static inline ssize_t slurp(const char *path, char *buf, size_t len)
{
	ssize_t n, got = 0;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return -1;
	while ((size_t)got < len - 1 &&
	       (n = read(fd, buf + got, len - 1 - got)) > 0)
		got += n;
	close(fd);
	buf[got] = '\0';
	return got;
}

/* One line of /proc/self/maps. */
struct map_line {
	unsigned long start, end, ino;
	char perms[5];
	char path[256];
};

static char maps_buf[65536];

/*
 * The line of /proc/self/maps that holds @addr (true), or none (false);
 * with @want_path, the first line whose path is @want_path.
 */
static inline bool maps_find(unsigned long addr, const char *want_path,
			     struct map_line *ml)
{
	char *line, *save;

	if (slurp("/proc/self/maps", maps_buf, sizeof(maps_buf)) < 0) {
		fail("/proc/self/maps: %s\n", strerror(errno));
		return false;
	}
	for (line = strtok_r(maps_buf, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		unsigned int dmaj, dmin;
		unsigned long long off;
		int pos = 0;

		memset(ml, 0, sizeof(*ml));
		if (sscanf(line, "%lx-%lx %4s %llx %x:%x %lu %n", &ml->start,
			   &ml->end, ml->perms, &off, &dmaj, &dmin, &ml->ino,
			   &pos) < 7)
			continue;
		if (pos)
			snprintf(ml->path, sizeof(ml->path), "%s", line + pos);
		if (want_path ? !strcmp(ml->path, want_path) :
		    addr >= ml->start && addr < ml->end)
			return true;
	}
	return false;
}

static inline bool mapped(unsigned long addr)
{
	struct map_line ml;

	return maps_find(addr, NULL, &ml);
}

/* A field of /proc/meminfo in kB; -1 when it has none. */
static inline long meminfo_kb(const char *field)
{
	static char buf[8192];
	size_t flen = strlen(field);
	char *p;

	if (slurp("/proc/meminfo", buf, sizeof(buf)) < 0)
		return -1;
	for (p = buf; p && *p; p = strchr(p, '\n'), p = p ? p + 1 : p) {
		if (!strncmp(p, field, flen) && p[flen] == ':')
			return strtol(p + flen + 1, NULL, 10);
	}
	return -1;
}

/* An address that no line of /proc/self/maps holds, page-aligned. */
static inline unsigned long unmapped_addr(void)
{
	static const unsigned long cand[] = {
		0x10000000UL, 0x20000000UL, 0x30000000UL, 0x48000000UL,
	};
	unsigned int i;

	for (i = 0; i < sizeof(cand) / sizeof(cand[0]); i++) {
		if (!mapped(cand[i]) && !mapped(cand[i] + PAGE - 1))
			return cand[i];
	}
	return 0;
}

/* MAX_PAGE_ORDER: the number of columns of /proc/buddyinfo, less one. */
static inline int max_page_order(void)
{
	static char buf[4096];
	char *nl, *p;
	int n = 0;

	if (slurp("/proc/buddyinfo", buf, sizeof(buf)) <= 0)
		return -1;
	nl = strchr(buf, '\n');
	if (nl)
		*nl = '\0';
	p = strstr(buf, "zone");
	if (!p)
		return -1;
	p += 4;
	while (*p == ' ')
		p++;
	while (*p && *p != ' ')		/* the zone's name */
		p++;
	while (*p) {
		while (*p == ' ')
			p++;
		if (!*p)
			break;
		n++;
		while (*p && *p != ' ')
			p++;
	}
	return n - 1;
}

/* --- a fault in this process ----------------------------------------- */

struct fault {
	bool hit;
	int signo, code;
	unsigned long addr;
};

static sigjmp_buf fault_jmp;
static volatile struct fault fault_seen;

static void fault_handler(int sig, siginfo_t *si, void *uc)
{
	(void)uc;
	fault_seen.hit = true;
	fault_seen.signo = sig;
	fault_seen.code = si->si_code;
	fault_seen.addr = (unsigned long)si->si_addr;
	siglongjmp(fault_jmp, 1);
}

static inline void fault_catch(bool on)
{
	struct sigaction sa = { 0 };

	if (on) {
		sa.sa_sigaction = fault_handler;
		sa.sa_flags = SA_SIGINFO | SA_NODEFER;
	} else {
		sa.sa_handler = SIG_DFL;
	}
	sigemptyset(&sa.sa_mask);
	sigaction(SIGSEGV, &sa, NULL);
	sigaction(SIGBUS, &sa, NULL);
}

/*
 * Run @access (a statement) with SIGSEGV and SIGBUS caught; afterwards
 * fault_seen says whether and how it faulted.
 */
#define TRY_ACCESS(access)					\
	do {							\
		memset((void *)&fault_seen, 0, sizeof(fault_seen)); \
		fault_catch(true);				\
		if (!sigsetjmp(fault_jmp, 1)) {			\
			access;					\
		}						\
		fault_catch(false);				\
	} while (0)

/* The access faulted with SIGSEGV @code at @addr. */
static inline bool want_segv(const char *what, int code, unsigned long addr)
{
	if (!fault_seen.hit)
		return fail("%s: no fault, expected SIGSEGV %s at %#lx\n", what,
			    code == SEGV_MAPERR ? "SEGV_MAPERR" : "SEGV_ACCERR",
			    addr);
	if (fault_seen.signo != SIGSEGV || fault_seen.code != code ||
	    fault_seen.addr != addr)
		return fail("%s: expected SIGSEGV code %d at %#lx, got signal %d code %d at %#lx\n",
			    what, code, addr, fault_seen.signo, fault_seen.code,
			    fault_seen.addr);
	return true;
}

static inline bool want_no_fault(const char *what)
{
	if (fault_seen.hit)
		return fail("%s: expected no fault, got signal %d code %d at %#lx\n",
			    what, fault_seen.signo, fault_seen.code,
			    fault_seen.addr);
	return true;
}

#endif /* NOMMU_H */
