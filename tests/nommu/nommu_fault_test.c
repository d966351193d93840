// SPDX-License-Identifier: GPL-2.0
/*
 * nommu_fault_test - faults without an MMU, set against an MMU kernel.
 *
 * NOMMU UML runs user code in per-CPU runner processes that have all of
 * physical memory mapped read/write/execute and page 0 unmapped: an
 * access outside physical memory is SIGSEGV SEGV_MAPERR at its address
 * (the NOMMU fault handler, arch/um/kernel/trap.c), and nothing inside
 * it faults, whatever the mapping's protection says.  A user pointer
 * given to a syscall is checked against physical memory (access_ok,
 * arch/um/include/asm/uaccess.h): EFAULT, not a kernel fault.  An MMU
 * kernel enforces each mapping's protection (SEGV_ACCERR) and faults on
 * what is unmapped.
 */
#include "nommu.h"

/* Both: a store through NULL is SIGSEGV SEGV_MAPERR at address 0. */
static int test_null_write(void)
{
	volatile int *p = NULL;

	TRY_ACCESS(*p = 1);
	return want_segv("store to NULL", SEGV_MAPERR, 0);
}

/*
 * Both: a store to an address no mapping holds (and, NOMMU, outside
 * physical memory: below the kernel) is SIGSEGV SEGV_MAPERR there.
 */
static int test_wild_write(void)
{
	unsigned long a = unmapped_addr();
	volatile int *p = (volatile int *)(a + 0x10);

	if (!a)
		return fail("no unmapped address found\n");
	TRY_ACCESS(*p = 1);
	return want_segv("store to a wild pointer", SEGV_MAPERR, a + 0x10);
}

/*
 * Both: the same store in a vfork()+execve()d program kills it with
 * SIGSEGV (its wait status says so), and we go on.
 */
static int test_child_segv(void)
{
	char addr[32];
	const char *args[] = { "write", addr, NULL };
	int st;
	pid_t pid;

	snprintf(addr, sizeof(addr), "%lx", 0UL);
	pid = helper_spawnv(NULL, 0, args);
	if (pid < 0)
		return false;
	st = reap(pid);
	if (!WIFSIGNALED(st) || WTERMSIG(st) != SIGSEGV)
		return fail("child storing to NULL: status %#x, expected SIGSEGV\n", st);
	return true;
}

static const int ro_object = 1234;

/*
 * MMU: a const object lies in a read-only mapping: a store is SIGSEGV
 * SEGV_ACCERR at it.  NOMMU: the program is one rwx block, nothing is
 * read-only: the store succeeds.
 */
static int test_rodata_write(void)
{
	volatile int *p = (volatile int *)&ro_object;
	bool ok;

	TRY_ACCESS(*p = 4321);
	if (KERNEL_MMU)
		return want_segv("store to a const object", SEGV_ACCERR,
				 (unsigned long)p);
	ok = want_no_fault("store to a const object");
	if (ok && *p != 4321)
		ok = fail("the store to a const object did not land (%d)\n", *p);
	*p = 1234;
	return ok;
}

/*
 * MMU: a store to a PROT_READ mapping is SIGSEGV SEGV_ACCERR.  NOMMU:
 * protection is not enforced, the store lands.
 */
static int test_prot_read_write(void)
{
	volatile int *p = map_anon(PAGE, PROT_READ);
	bool ok;

	if (!p)
		return false;
	TRY_ACCESS(p[10] = 77);
	if (KERNEL_MMU) {
		ok = want_segv("store to a PROT_READ page", SEGV_ACCERR,
			       (unsigned long)&p[10]);
	} else {
		ok = want_no_fault("store to a PROT_READ page");
		if (ok && p[10] != 77)
			ok = fail("the store did not land (%d)\n", p[10]);
	}
	munmap((void *)p, PAGE);
	return ok;
}

/*
 * MMU: a load from a page we unmapped is SIGSEGV SEGV_MAPERR there.
 * NOMMU: the page went back to the page allocator but stays mapped in
 * the runner: the load does not fault (a store would write memory the
 * kernel may have reused: not done).
 */
static int test_load_after_munmap(void)
{
	volatile int *p = map_anon(2 * PAGE, PROT_READ | PROT_WRITE);
	volatile int v = 0;

	if (!p)
		return false;
	p[PAGE / sizeof(int)] = 5;
	if (munmap((void *)(p + PAGE / sizeof(int)), PAGE)) {
		munmap((void *)p, 2 * PAGE);
		return fail("munmap of the second page: %s\n", strerror(errno));
	}
	TRY_ACCESS(v = p[PAGE / sizeof(int)]);
	(void)v;
	munmap((void *)p, PAGE);
	if (KERNEL_MMU)
		return want_segv("load from an unmapped page", SEGV_MAPERR,
				 (unsigned long)(p + PAGE / sizeof(int)));
	return want_no_fault("load from an unmapped page");
}

/*
 * NOMMU: code copied into a PROT_READ|PROT_WRITE mapping runs: all of
 * physical memory is executable in the runner.
 */
static int test_exec_data(void)
{
	static const unsigned char code[] = {
		0xb8, 0x2a, 0x00, 0x00, 0x00,	/* mov $42, %eax */
		0xc3,				/* ret */
	};
	unsigned char *p;
	int (*fn)(void);
	volatile int r = 0;

	if (KERNEL_MMU)
		return ONLY_NOMMU("a PROT_READ|PROT_WRITE page is not executable there");
	p = map_anon(PAGE, PROT_READ | PROT_WRITE);
	if (!p)
		return false;
	memcpy(p, code, sizeof(code));
	fn = (int (*)(void))p;
	TRY_ACCESS(r = fn());
	munmap(p, PAGE);
	if (!want_no_fault("call into a PROT_READ|PROT_WRITE page"))
		return false;
	if (r != 42)
		return fail("the copied code returned %d, expected 42\n", r);
	return true;
}

/* write(2) of @len bytes at @addr into a pipe: -1 and errno, or count. */
static long write_from(unsigned long addr, size_t len)
{
	int p[2];
	long r;

	if (pipe2(p, O_CLOEXEC))
		return -2;
	r = write(p[1], (const void *)addr, len);
	close(p[0]);
	close(p[1]);
	return r;
}

/*
 * Both: a syscall handed an unmapped address is EFAULT.  NOMMU:
 * access_ok bounds user pointers to physical memory, so a pointer below
 * it (into the kernel image at 0x60000000) or above it fails before the
 * kernel copies: EFAULT, no kernel fault, no kernel bytes.
 */
static int test_syscall_efault(void)
{
	static const unsigned long bad[] = {
		0,			/* page 0 */
		0x60000000UL,		/* NOMMU: the kernel image */
		0x7f0000000000UL,	/* far above physical memory */
	};
	unsigned long a = unmapped_addr();
	unsigned int i;
	bool ok = true;

	if (!a)
		return fail("no unmapped address found\n");
	ok &= want_errno("write from an unmapped address", write_from(a, 16), EFAULT);
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		char what[64];

		if (mapped(bad[i]))
			continue;	/* MMU: something of ours is there */
		snprintf(what, sizeof(what), "write from %#lx", bad[i]);
		ok &= want_errno(what, write_from(bad[i], 16), EFAULT);
	}
	return ok;
}

/*
 * Both: a syscall may read the vDSO through AT_SYSINFO_EHDR; NOMMU: that
 * is kernel-allocated physical memory, which access_ok lets through.
 */
static int test_syscall_vdso(void)
{
	unsigned long vdso = getauxval(AT_SYSINFO_EHDR);
	char buf[SELFMAG];
	int p[2];
	bool ok;

	if (!vdso)
		return fail("no AT_SYSINFO_EHDR\n");
	if (pipe2(p, O_CLOEXEC))
		return fail("pipe: %s\n", strerror(errno));
	ok = want_ok("write from the vDSO", write(p[1], (void *)vdso, SELFMAG));
	if (ok && (read(p[0], buf, SELFMAG) != SELFMAG || memcmp(buf, ELFMAG, SELFMAG)))
		ok = fail("the vDSO's first bytes through a pipe are no ELF magic\n");
	close(p[0]);
	close(p[1]);
	return ok;
}

static const struct test_case cases[] = {
	{ "store to NULL: SIGSEGV SEGV_MAPERR at 0", test_null_write },
	{ "store to an unmapped address: SIGSEGV SEGV_MAPERR at it",
	  test_wild_write },
	{ "a vfork+exec'd child storing to NULL dies of SIGSEGV",
	  test_child_segv },
	{ "store to a const object: MMU SEGV_ACCERR, NOMMU lands (no read-only)",
	  test_rodata_write },
	{ "store to a PROT_READ page: MMU SEGV_ACCERR, NOMMU lands",
	  test_prot_read_write },
	{ "load after munmap: MMU SEGV_MAPERR, NOMMU still mapped in the runner",
	  test_load_after_munmap },
	{ "code in a PROT_READ|PROT_WRITE page runs without an MMU",
	  test_exec_data },
	{ "syscall from an unmapped, kernel or far pointer: EFAULT",
	  test_syscall_efault },
	{ "syscall from the vDSO page: its ELF header",
	  test_syscall_vdso },
};

int main(void)
{
	ksft_print_header();
	CASES_PLAN(cases);
	RUN_CASES(cases, NULL);
	ksft_finished();
}
