// SPDX-License-Identifier: GPL-2.0
/*
 * nommu_exec_test - processes, threads and programs without an MMU, set
 * against what an MMU kernel does: fork() refused, vfork() and CLONE_VM
 * children, threads; what binfmt_elf_fdpic loads (PIE only, each exec
 * its own copy) and how it lays a program out (the image, the stack, the
 * zero-size brk area, the auxiliary vector, the vDSO at its kernel
 * address).
 *
 * The rules are those of kernel/fork.c, mm/nommu.c, fs/binfmt_elf.c and
 * fs/binfmt_elf_fdpic.c, and arch/x86/um's ARCH_DLINFO and vDSO setup.
 * Which kind of kernel this is comes from TESTBED_KERNEL_MMU (nommu.h).
 */
#include <pthread.h>
#include <sched.h>

#include "nommu.h"

/* --- children -------------------------------------------------------- */

/* NOMMU: fork() cannot copy an address space; sys_fork is -EINVAL. */
static int test_fork_refused(void)
{
	long r;

	if (KERNEL_MMU)
		return ONLY_NOMMU("fork() works there, and this suite never forks");
	r = syscall(SYS_fork);
	if (r == 0)
		_exit(0);	/* a broken kernel made a child: end it */
	if (r > 0)
		reap(r);
	return want_errno("syscall(SYS_fork)", r, EINVAL);
}

static volatile int vfork_mark;

/*
 * Both: a vfork() child borrows the parent's memory, and the parent
 * sleeps until the child has _exit()ed: it sees what the child stored
 * after a sleep, the moment vfork() returns.
 */
static int test_vfork_suspends(void)
{
	struct timespec ts = { 0, 50 * 1000 * 1000 };
	int status;
	pid_t pid;

	vfork_mark = 0;
	pid = vfork();
	if (pid == 0) {
		nanosleep(&ts, NULL);
		vfork_mark = 42;
		_exit(7);
	}
	if (pid < 0)
		return fail("vfork: %s\n", strerror(errno));
	if (vfork_mark != 42) {
		reap(pid);
		return fail("vfork returned before the child stored its mark (%d)\n",
			    vfork_mark);
	}
	status = reap(pid);
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 7)
		return fail("child status %#x, expected exit 7\n", status);
	return true;
}

/* Both: a chain of vfork()+execve(), five programs deep, each waited. */
static int test_vfork_exec_chain(void)
{
	static const char *const args[] = { "chain", "5", NULL };
	int status;
	pid_t pid;

	pid = helper_spawnv(NULL, 0, args);
	if (pid < 0)
		return false;
	status = reap(pid);
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 5)
		return fail("chain of 5: status %#x, expected exit 5\n", status);
	return true;
}

static char clone_stack[64 * 1024] __attribute__((aligned(16)));
static volatile unsigned long clone_sp;
static volatile int clone_mark;

static int clone_child(void *arg)
{
	int local = 0;

	clone_sp = (unsigned long)&local;
	clone_mark = (int)(long)arg;
	return 0;
}

static bool in_clone_stack(unsigned long sp)
{
	return sp >= (unsigned long)clone_stack &&
	       sp < (unsigned long)clone_stack + sizeof(clone_stack);
}

/*
 * Both: clone(CLONE_VM|CLONE_VFORK) runs the child on the stack it is
 * given, in our memory, and returns once the child has exited.
 */
static int test_clone_vm_vfork(void)
{
	int status;
	pid_t pid;

	clone_mark = 0;
	clone_sp = 0;
	pid = clone(clone_child, clone_stack + sizeof(clone_stack),
		    CLONE_VM | CLONE_VFORK | SIGCHLD, (void *)11L);
	if (pid < 0)
		return fail("clone(CLONE_VM|CLONE_VFORK): %s\n", strerror(errno));
	if (clone_mark != 11) {
		reap(pid);
		return fail("clone returned before the child ran (mark %d)\n",
			    clone_mark);
	}
	status = reap(pid);
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
		return fail("child status %#x\n", status);
	if (!in_clone_stack(clone_sp))
		return fail("child's local at %#lx, not on the stack given (%p)\n",
			    clone_sp, (void *)clone_stack);
	return true;
}

/* Both: a CLONE_VM child without CLONE_VFORK runs beside us, in our memory. */
static int test_clone_vm(void)
{
	int status;
	pid_t pid;

	clone_mark = 0;
	clone_sp = 0;
	pid = clone(clone_child, clone_stack + sizeof(clone_stack),
		    CLONE_VM | SIGCHLD, (void *)12L);
	if (pid < 0)
		return fail("clone(CLONE_VM): %s\n", strerror(errno));
	status = reap(pid);
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
		return fail("child status %#x\n", status);
	if (clone_mark != 12 || !in_clone_stack(clone_sp))
		return fail("child: mark %d, local at %#lx\n", clone_mark, clone_sp);
	return true;
}

#define NTHREADS 4
static int thread_out[NTHREADS];
static unsigned long thread_sp[NTHREADS];

static void *thread_fn(void *arg)
{
	long i = (long)arg;
	int local = (int)i * 10;

	thread_sp[i] = (unsigned long)&local;
	thread_out[i] = local + 1;
	return (void *)(i + 100);
}

/* Both: pthreads (CLONE_VM|CLONE_THREAD) each on a stack of its own. */
static int test_threads(void)
{
	pthread_t t[NTHREADS];
	long i, j;
	void *ret;
	int err;

	memset(thread_out, 0, sizeof(thread_out));
	for (i = 0; i < NTHREADS; i++) {
		err = pthread_create(&t[i], NULL, thread_fn, (void *)i);
		if (err) {
			while (i--)
				pthread_join(t[i], NULL);
			return fail("pthread_create: %s\n", strerror(err));
		}
	}
	for (i = 0; i < NTHREADS; i++) {
		if (pthread_join(t[i], &ret) || ret != (void *)(i + 100))
			return fail("thread %ld: joined with %p\n", i, ret);
		if (thread_out[i] != i * 10 + 1)
			return fail("thread %ld: stored %d\n", i, thread_out[i]);
	}
	for (i = 0; i < NTHREADS; i++)
		for (j = i + 1; j < NTHREADS; j++)
			if (labs((long)(thread_sp[i] - thread_sp[j])) < 4096)
				return fail("threads %ld and %ld share a stack (%#lx, %#lx)\n",
					    i, j, thread_sp[i], thread_sp[j]);
	return true;
}

/* --- what the loader takes ------------------------------------------ */

/* A 132-byte x86_64 ELF of one PT_LOAD whose code is exit(42). */
static bool write_tiny_elf(const char *path, int type)
{
	static const unsigned char code[] = {
		0xbf, 0x2a, 0x00, 0x00, 0x00,	/* mov $42, %edi */
		0xb8, 0x3c, 0x00, 0x00, 0x00,	/* mov $60, %eax (exit) */
		0x0f, 0x05,			/* syscall */
	};
	unsigned char buf[sizeof(Elf64_Ehdr) + sizeof(Elf64_Phdr) + sizeof(code)];
	Elf64_Addr base = type == ET_EXEC ? 0x400000 : 0;
	Elf64_Ehdr *eh = (Elf64_Ehdr *)buf;
	Elf64_Phdr *ph = (Elf64_Phdr *)(eh + 1);
	int fd;

	memset(buf, 0, sizeof(buf));
	memcpy(eh->e_ident, ELFMAG, SELFMAG);
	eh->e_ident[EI_CLASS] = ELFCLASS64;
	eh->e_ident[EI_DATA] = ELFDATA2LSB;
	eh->e_ident[EI_VERSION] = EV_CURRENT;
	eh->e_type = type;
	eh->e_machine = EM_X86_64;
	eh->e_version = EV_CURRENT;
	eh->e_entry = base + sizeof(Elf64_Ehdr) + sizeof(Elf64_Phdr);
	eh->e_phoff = sizeof(Elf64_Ehdr);
	eh->e_ehsize = sizeof(Elf64_Ehdr);
	eh->e_phentsize = sizeof(Elf64_Phdr);
	eh->e_phnum = 1;
	ph->p_type = PT_LOAD;
	ph->p_flags = PF_R | PF_X;
	ph->p_vaddr = ph->p_paddr = base;
	ph->p_filesz = ph->p_memsz = sizeof(buf);
	ph->p_align = 0x1000;
	memcpy(ph + 1, code, sizeof(code));

	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0755);
	if (fd < 0)
		return fail("create %s: %s\n", path, strerror(errno));
	if (write(fd, buf, sizeof(buf)) != (ssize_t)sizeof(buf)) {
		close(fd);
		return fail("write %s: %s\n", path, strerror(errno));
	}
	close(fd);
	return true;
}

static volatile int exec_errno;

/* vfork()+execve() @path: its wait status, or -1 with exec_errno set. */
static int run_exec(const char *path)
{
	char *argv[] = { (char *)path, NULL };
	pid_t pid;

	exec_errno = 0;
	pid = vfork();
	if (pid == 0) {
		execve(path, argv, environ);
		exec_errno = errno;	/* the parent's memory: vfork */
		_exit(127);
	}
	if (pid < 0)
		return fail("vfork: %s\n", strerror(errno)), -2;
	pid = reap(pid);
	return exec_errno ? -1 : pid;
}

/*
 * NOMMU: binfmt_elf_fdpic loads only ET_DYN (position-independent)
 * programs, and there is no binfmt_elf: an ET_EXEC one is ENOEXEC.
 * MMU: binfmt_elf runs it at its link address.
 */
static int test_exec_et_exec(void)
{
	const char *path = "/tmp/nommu-tiny-exec";
	int st;

	if (!write_tiny_elf(path, ET_EXEC))
		return false;
	st = run_exec(path);
	unlink(path);
	if (st == -2)
		return false;
	if (!KERNEL_MMU) {
		if (st != -1 || exec_errno != ENOEXEC)
			return fail("execve(ET_EXEC): expected ENOEXEC, got %s (status %#x)\n",
				    st == -1 ? strerror(exec_errno) : "success", st);
		return true;
	}
	if (st == -1 || !WIFEXITED(st) || WEXITSTATUS(st) != 42)
		return fail("execve(ET_EXEC): expected exit 42, got %s (status %#x)\n",
			    st == -1 ? strerror(exec_errno) : "it ran", st);
	return true;
}

/* Both: an ET_DYN program with no interpreter (a static PIE) runs. */
static int test_exec_et_dyn(void)
{
	const char *path = "/tmp/nommu-tiny-dyn";
	int st;

	if (!write_tiny_elf(path, ET_DYN))
		return false;
	st = run_exec(path);
	unlink(path);
	if (st == -2)
		return false;
	if (st == -1 || !WIFEXITED(st) || WEXITSTATUS(st) != 42)
		return fail("execve(ET_DYN): expected exit 42, got %s (status %#x)\n",
			    st == -1 ? strerror(exec_errno) : "it ran", st);
	return true;
}

static int elf_type(const char *path)
{
	Elf64_Ehdr eh;
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	ssize_t n;

	if (fd < 0)
		return -1;
	n = read(fd, &eh, sizeof(eh));
	close(fd);
	return n == sizeof(eh) ? eh.e_type : -1;
}

/* Start "nommu_helper addr": its reply in @buf, *@hold keeps it alive. */
static pid_t spawn_addr(char *buf, size_t len, int *hold)
{
	char w[16], r[16];
	const char *args[] = { "addr", w, r, NULL };
	int up[2], down[2], keep[2];
	ssize_t n, got = 0;
	pid_t pid;

	if (pipe2(up, O_CLOEXEC) || pipe2(down, O_CLOEXEC))
		return fail("pipe: %s\n", strerror(errno)), -1;
	snprintf(w, sizeof(w), "%d", up[1]);
	snprintf(r, sizeof(r), "%d", down[0]);
	keep[0] = up[1];
	keep[1] = down[0];
	pid = helper_spawnv(keep, 2, args);
	close(up[1]);
	close(down[0]);
	if (pid < 0) {
		close(up[0]);
		close(down[1]);
		return -1;
	}
	while ((size_t)got < len - 1 &&
	       (n = read(up[0], buf + got, len - 1 - got)) > 0)
		got += n;
	buf[got] = '\0';
	close(up[0]);
	*hold = down[1];
	return pid;
}

/*
 * NOMMU: each exec gets its own copy of the program at an address of
 * the page allocator's choosing (binfmt_elf_fdpic, constant
 * displacement: one anonymous block the file is read into), so two
 * instances alive at once run at different addresses.  MMU: an ET_EXEC
 * program runs at its link address every time; an ET_DYN one moves
 * with ASLR.
 */
static int test_exec_addresses(void)
{
	unsigned long code[2] = { 0 }, data[2] = { 0 }, stk[2] = { 0 };
	int hold[2] = { -1, -1 }, i, type;
	char buf[2][128];
	bool ok = true;
	pid_t pid[2];

	type = elf_type(HELPER_PATH);
	if (type != ET_EXEC && type != ET_DYN)
		return fail("%s: not an ELF executable (e_type %d)\n",
			    HELPER_PATH, type);
	if (!KERNEL_MMU && type != ET_DYN)
		return fail("%s is not ET_DYN on a NOMMU kernel\n", HELPER_PATH);
	for (i = 0; i < 2; i++) {
		pid[i] = spawn_addr(buf[i], sizeof(buf[i]), &hold[i]);
		if (pid[i] < 0 ||
		    sscanf(buf[i], "%lx %lx %lx", &code[i], &data[i], &stk[i]) != 3) {
			ok = fail("helper %d said \"%s\"\n", i, pid[i] < 0 ? "" : buf[i]);
			pid[i] = pid[i] < 0 ? 0 : pid[i];
		}
	}
	for (i = 0; i < 2; i++) {
		if (hold[i] >= 0)
			close(hold[i]);
		if (pid[i] > 0 && reap(pid[i]) != 0)
			ok = fail("helper %d did not exit 0\n", i);
	}
	if (!ok)
		return false;
	if (KERNEL_MMU && type == ET_EXEC) {
		if (code[0] != code[1] || data[0] != data[1])
			return fail("ET_EXEC instances at code %#lx/%#lx data %#lx/%#lx, expected the link address twice\n",
				    code[0], code[1], data[0], data[1]);
		return true;
	}
	if (code[0] == code[1] || data[0] == data[1] || stk[0] == stk[1])
		return fail("two live instances share code %#lx/%#lx data %#lx/%#lx stack %#lx/%#lx\n",
			    code[0], code[1], data[0], data[1], stk[0], stk[1]);
	/* One copy: the same displacement for code and data. */
	if (code[0] - code[1] != data[0] - data[1])
		return fail("code moved by %#lx, data by %#lx\n",
			    code[0] - code[1], data[0] - data[1]);
	return true;
}

/* --- the layout of a program ---------------------------------------- */

/*
 * NOMMU: the image is one anonymous block, readable, writable and
 * executable, that the file was read into: its line in /proc/self/maps
 * has no path and inode 0.  MMU: the code is mapped from the file,
 * read-only and executable.
 */
static int test_maps_code(void)
{
	unsigned long addr = (unsigned long)test_maps_code;
	char exe[256];
	struct map_line ml;
	ssize_t n;

	if (!maps_find(addr, NULL, &ml))
		return fail("no line of /proc/self/maps holds our code (%#lx)\n", addr);
	if (!KERNEL_MMU) {
		if (strcmp(ml.perms, "rwxp") || ml.ino || ml.path[0])
			return fail("code at %#lx: \"%s ino %lu %s\", expected anonymous rwxp\n",
				    addr, ml.perms, ml.ino, ml.path);
		return true;
	}
	n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	if (n < 0)
		return fail("readlink /proc/self/exe: %s\n", strerror(errno));
	exe[n] = '\0';
	if (strcmp(ml.perms, "r-xp") || !ml.ino || strcmp(ml.path, exe))
		return fail("code at %#lx: \"%s ino %lu %s\", expected r-xp of %s\n",
			    addr, ml.perms, ml.ino, ml.path, exe);
	return true;
}

/* PT_GNU_STACK's p_memsz in @path: the stack size it asks for, or 0. */
static unsigned long gnu_stack_size(const char *path)
{
	Elf64_Ehdr eh;
	Elf64_Phdr ph;
	unsigned long size = 0;
	int fd = open(path, O_RDONLY | O_CLOEXEC), i;

	if (fd < 0)
		return 0;
	if (pread(fd, &eh, sizeof(eh), 0) == sizeof(eh)) {
		for (i = 0; i < eh.e_phnum; i++) {
			if (pread(fd, &ph, sizeof(ph), eh.e_phoff + i * sizeof(ph)) != sizeof(ph))
				break;
			if (ph.p_type == PT_GNU_STACK)
				size = ph.p_memsz;
		}
	}
	close(fd);
	return size;
}

/*
 * Both: our stack is the [stack] line.  NOMMU: it is a fixed block of
 * PT_GNU_STACK's size (page-aligned, two pages at least; 128 KiB when
 * the program asks for none), and the zero-size brk area sits at its
 * bottom (binfmt_elf_fdpic: start_brk = brk = end_brk = the block).
 */
static int test_maps_stack(void)
{
	unsigned long addr = (unsigned long)&addr, want, brk0;
	struct map_line ml;

	if (!maps_find(addr, NULL, &ml))
		return fail("no line of /proc/self/maps holds our stack (%#lx)\n", addr);
	if (strcmp(ml.path, "[stack]"))
		return fail("stack at %#lx is in \"%s\", not [stack]\n", addr, ml.path);
	if (KERNEL_MMU)
		return true;
	want = gnu_stack_size("/proc/self/exe");
	want = want ? (want + PAGE - 1) & ~(PAGE - 1) : 131072;
	if (want < 2 * PAGE)
		want = 2 * PAGE;
	if (ml.end - ml.start != want)
		return fail("[stack] %#lx-%#lx is %lu bytes, expected %lu\n",
			    ml.start, ml.end, ml.end - ml.start, want);
	brk0 = syscall(SYS_brk, 0UL);
	if (brk0 != ml.start)
		return fail("brk %#lx, expected the bottom of [stack] %#lx\n",
			    brk0, ml.start);
	return true;
}

/*
 * NOMMU: the brk area has no room (end_brk == start_brk): brk() above it
 * changes nothing and returns the old break.  MMU: the break grows and
 * the new page is ours; shrinking gives it back.
 */
static int test_brk(void)
{
	unsigned long cur = syscall(SYS_brk, 0UL), got;

	got = syscall(SYS_brk, cur + 4 * PAGE);
	if (!KERNEL_MMU) {
		if (got != cur)
			return fail("brk(%#lx + 4 pages) gave %#lx, expected the old break\n",
				    cur, got);
		return true;
	}
	if (got != cur + 4 * PAGE)
		return fail("brk(%#lx + 4 pages) gave %#lx\n", cur, got);
	memset((void *)cur, 0x5a, 4 * PAGE);
	got = syscall(SYS_brk, cur);
	if (got != cur)
		return fail("brk back to %#lx gave %#lx\n", cur, got);
	return true;
}

/*
 * Both: AT_SYSINFO_EHDR points at the vDSO's ELF header.  MMU: it is
 * mapped into us, the [vdso] line.  NOMMU: it is the page the kernel
 * allocated, used where it is: no line of /proc/self/maps holds it and
 * there is no [vdso] line.
 */
static int test_auxv_vdso(void)
{
	unsigned long vdso = getauxval(AT_SYSINFO_EHDR);
	struct map_line ml;
	bool in_maps;

	if (!vdso)
		return fail("no AT_SYSINFO_EHDR\n");
	if (memcmp((void *)vdso, ELFMAG, SELFMAG))
		return fail("AT_SYSINFO_EHDR %#lx is no ELF header\n", vdso);
	in_maps = maps_find(vdso, NULL, &ml);
	if (KERNEL_MMU) {
		if (!in_maps || strcmp(ml.path, "[vdso]"))
			return fail("AT_SYSINFO_EHDR %#lx is not in the [vdso] line (%s)\n",
				    vdso, in_maps ? ml.path : "no line");
		return true;
	}
	if (in_maps)
		return fail("AT_SYSINFO_EHDR %#lx is in a line of maps: %lx-%lx %s\n",
			    vdso, ml.start, ml.end, ml.path);
	if (maps_find(0, "[vdso]", &ml))
		return fail("a [vdso] line at %#lx\n", ml.start);
	return true;
}

static char *volatile altstack_frame;

/*
 * x86_64's signal frame: the handler starts with its stack pointer at
 * the return address (pretcode), and the ucontext follows it; on return
 * rt_sigreturn finds the frame there.  So the lowest byte the kernel
 * wrote is the ucontext's address less a pointer.
 */
static void altstack_handler(int sig, siginfo_t *si, void *uc)
{
	(void)sig;
	(void)si;
	altstack_frame = (char *)uc - sizeof(void *);
}

/*
 * NOMMU: ARCH_DLINFO adds AT_MINSIGSTKSZ, "the minimum stack size
 * required by the kernel to deliver a signal to user-space" (the x86
 * ELF auxiliary vector's definition): an alternate stack of exactly
 * that size holds the frame the kernel writes, wherever the stack's
 * top lies within 16 bytes (the frame is aligned down from it).  What
 * the handler itself pushes is the program's to add, so the area has
 * room below the stack for it.
 */
static int test_auxv_minsigstksz(void)
{
	unsigned long min = getauxval(AT_MINSIGSTKSZ);
	static char area[65536] __attribute__((aligned(64)));
	struct sigaction sa = { 0 };
	stack_t ss = { 0 };
	unsigned int off;
	char *sp;

	if (KERNEL_MMU)
		return ONLY_NOMMU("UML's ARCH_DLINFO gives AT_MINSIGSTKSZ only without an MMU");
	if (!min)
		return fail("no AT_MINSIGSTKSZ\n");
	if (min < 512 || min > sizeof(area) / 2)
		return fail("AT_MINSIGSTKSZ %lu is no signal frame size\n", min);
	sa.sa_sigaction = altstack_handler;
	sa.sa_flags = SA_ONSTACK | SA_SIGINFO;
	sigemptyset(&sa.sa_mask);
	if (sigaction(SIGUSR1, &sa, NULL))
		return fail("sigaction: %s\n", strerror(errno));
	for (off = 0; off < 16; off++) {
		sp = area + sizeof(area) - min - off;
		ss.ss_sp = sp;
		ss.ss_size = min;
		ss.ss_flags = 0;
		if (sigaltstack(&ss, NULL)) {
			signal(SIGUSR1, SIG_DFL);
			return fail("sigaltstack(%lu bytes): %s\n", min, strerror(errno));
		}
		altstack_frame = NULL;
		raise(SIGUSR1);
		ss.ss_flags = SS_DISABLE;
		sigaltstack(&ss, NULL);
		if (!altstack_frame || altstack_frame >= sp + min) {
			signal(SIGUSR1, SIG_DFL);
			return fail("the handler did not run on the alternate stack\n");
		}
		if (altstack_frame < sp) {
			signal(SIGUSR1, SIG_DFL);
			return fail("stack top %p: the frame starts %ld bytes below an alternate stack of AT_MINSIGSTKSZ %lu bytes\n",
				    (void *)(sp + min), (long)(sp - altstack_frame), min);
		}
	}
	signal(SIGUSR1, SIG_DFL);
	return true;
}

/*
 * binfmt_elf (MMU) gives AT_RANDOM, 16 random bytes on the stack;
 * binfmt_elf_fdpic (NOMMU) gives none: libc must seed its canary
 * without it.
 */
static int test_auxv_random(void)
{
	unsigned long r = getauxval(AT_RANDOM);
	struct map_line ml;

	if (!KERNEL_MMU) {
		if (r)
			return fail("AT_RANDOM %#lx from binfmt_elf_fdpic\n", r);
		return true;
	}
	if (!r)
		return fail("no AT_RANDOM\n");
	if (!maps_find(r, NULL, &ml) || strcmp(ml.path, "[stack]"))
		return fail("AT_RANDOM %#lx is not on the stack\n", r);
	return true;
}

static const struct test_case cases[] = {
	{ "fork() is EINVAL without an MMU (vfork/CLONE_VM only)",
	  test_fork_refused },
	{ "vfork: the parent sleeps until the child exits, memory shared",
	  test_vfork_suspends },
	{ "vfork+execve chains five programs deep",
	  test_vfork_exec_chain },
	{ "clone(CLONE_VM|CLONE_VFORK) runs the child on its own stack",
	  test_clone_vm_vfork },
	{ "clone(CLONE_VM) child runs beside us in our memory",
	  test_clone_vm },
	{ "pthreads run, each on a stack of its own",
	  test_threads },
	{ "ET_EXEC: ENOEXEC without an MMU (fdpic loads PIE only), runs with one",
	  test_exec_et_exec },
	{ "ET_DYN without an interpreter runs on both",
	  test_exec_et_dyn },
	{ "two live instances: NOMMU a copy each at its own address, MMU ET_EXEC the link address",
	  test_exec_addresses },
	{ "maps: NOMMU code in an anonymous rwx block, MMU mapped r-x from the file",
	  test_maps_code },
	{ "maps: [stack]; NOMMU: PT_GNU_STACK's size, brk at its bottom",
	  test_maps_stack },
	{ "brk: NOMMU cannot grow (zero-size area), MMU grows and shrinks",
	  test_brk },
	{ "AT_SYSINFO_EHDR: the vDSO; MMU the [vdso] line, NOMMU in no line",
	  test_auxv_vdso },
	{ "AT_MINSIGSTKSZ without an MMU: a stack that size holds the frame, at any alignment",
	  test_auxv_minsigstksz },
	{ "AT_RANDOM: binfmt_elf gives it, binfmt_elf_fdpic does not",
	  test_auxv_random },
};

int main(void)
{
	ksft_print_header();
	CASES_PLAN(cases);
	ksft_print_msg("built for a%s kernel (TESTBED_KERNEL_MMU=%d)\n",
		       KERNEL_MMU ? "n MMU" : " NOMMU", TESTBED_KERNEL_MMU);
	RUN_CASES(cases, NULL);
	ksft_finished();
}
