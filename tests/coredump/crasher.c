// SPDX-License-Identifier: GPL-2.0
/*
 * crasher - a helper that dies of SIGSEGV (SEGV_MAPERR at address 0).
 *
 * Usage: ./crasher [KiB [MODE]]
 *
 * With KiB > 0 it first maps and writes that much private anonymous
 * memory (see crasher.h) so that a test can find it in the core. With
 * MODE "thread" the store is done by a second thread, not by the leader:
 * that thread first writes its thread id to stdout (one line, in
 * decimal) so the test knows which thread dumps. The other modes (big,
 * fit, hole, tail, top, threads) shape the dump, see crasher.h. It is started by
 * the coredump tests with posix_spawn() and otherwise prints nothing; an
 * exit status (instead of a signal) means it could not get as far as
 * the crash: 2 bad argument, 3 mmap failed, 4 the store did not fault,
 * 5 no thread, 6 no room for the hole at the end of the stack (tail) or
 * above it (top).
 */
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/mman.h>
#include <sys/personality.h>
#include <sys/resource.h>
#include <sys/syscall.h>

#include "crasher.h"

/*
 * volatile: the compiler must neither see that this is NULL (it would
 * turn the store into a trap instruction, i.e. SIGILL) nor drop it.
 */
static int *volatile crash_ptr;

static pthread_barrier_t all_up;

/* The non-leader thread of "thread" mode: say who we are, then crash. */
static void *crash_thread(void *arg)
{
	char line[32];
	int len;

	(void)arg;
	len = snprintf(line, sizeof(line), "%ld\n", (long)syscall(SYS_gettid));
	if (write(STDOUT_FILENO, line, len) != len)
		return NULL;
	*crash_ptr = 1;
	return NULL;
}

/* A thread of "threads" mode: be there when the leader crashes. */
static void *idle_thread(void *arg)
{
	(void)arg;
	pthread_barrier_wait(&all_up);
	for (;;)
		pause();
	return NULL;
}

/*
 * Run again, now without randomization. Tail mode gets a padding argument
 * so that the strings at the end of the stack span more than
 * CRASHER_TAIL_PAGES pages.
 */
static void reexec(char **argv, const char *mode)
{
	static char pad[(CRASHER_TAIL_PAGES + 1) * CRASHER_PAGE];
	char *args[] = { argv[0], argv[1], argv[2], pad, NULL };

	memset(pad, 'x', sizeof(pad) - 1);
	if (strcmp(mode, "tail"))
		args[3] = NULL;
	execv(argv[0], args);
}

static void fill(void *p, size_t len)
{
	uint64_t val = CRASHER_PATTERN(getpid()), *q = p;
	size_t i;

	for (i = 0; i < len / sizeof(*q); i++)
		q[i] = val;
}

static void *map(void *addr, size_t len, int flags)
{
	return mmap(addr, len, PROT_READ | PROT_WRITE,
		    MAP_PRIVATE | MAP_ANONYMOUS | flags, -1, 0);
}

/* What /proc/self/maps says of the top of the address space. */
struct layout {
	unsigned long stack_end;	/* 0: no [stack] */
	unsigned long other_end;	/* highest end of any other mapping */
	unsigned long above[8][2];	/* start, length: above the stack */
	int n_above;
	bool only_special_above;	/* all "[vdso]" and the like */
};

static int read_layout(struct layout *l)
{
	unsigned long start, end;
	char line[512];
	FILE *f;

	memset(l, 0, sizeof(*l));
	l->only_special_above = true;
	f = fopen("/proc/self/maps", "re");
	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%lx-%lx", &start, &end) != 2 ||
		    strstr(line, "[vsyscall]"))
			continue;
		if (strstr(line, "[stack]")) {
			l->stack_end = end;
			continue;
		}
		if (end > l->other_end)
			l->other_end = end;
		if (!l->stack_end || start < l->stack_end)
			continue;
		if (!strchr(line, '[') || l->n_above == 8)
			l->only_special_above = false;
		else {
			l->above[l->n_above][0] = start;
			l->above[l->n_above++][1] = end - start;
		}
	}
	fclose(f);
	return l->stack_end ? 0 : -1;
}

/*
 * Make the stack the highest mapping: unmap the special mappings above
 * it (the vDSO). Returns where the stack ends, NULL if that failed or if
 * something else lies above it: NOMMU places the program's own mapping
 * anywhere, and it cannot be unmapped.
 */
static char *stack_on_top(void)
{
	struct layout l;
	int i;

	if (read_layout(&l) || !l.only_special_above)
		return NULL;
	for (i = 0; i < l.n_above; i++)
		if (munmap((void *)l.above[i][0], l.above[i][1]))
			return NULL;
	return (char *)l.stack_end;
}

/*
 * Without an MMU the stack may lie below the program: then map a region
 * above every other one instead, one page of data and
 * CRASHER_TAIL_PAGES of zeroes. mmap() cannot be told where, so try
 * sizes up to the largest piece a NOMMU kernel hands out (bigger pieces
 * come from higher up there) and keep each miss mapped, so that the
 * next try lands elsewhere. Returns 0 when such a region is there.
 */
static int map_on_top(void)
{
	static const size_t sizes[] = {
		(CRASHER_TAIL_PAGES + 1) * CRASHER_PAGE, 1UL << 20, 4UL << 20,
	};
	struct layout l;
	size_t i;
	int try;
	char *p;

	for (i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		for (try = 0; try < 4; try++) {
			if (read_layout(&l))
				return -1;
			p = map(NULL, sizes[i], 0);
			if (p == MAP_FAILED)
				break;
			if ((unsigned long)p >= l.stack_end &&
			    (unsigned long)p >= l.other_end) {
				fill(p, CRASHER_PAGE);
				return 0;
			}
		}
	}
	return -1;
}

static int shape(const char *mode)
{
	const size_t pg = CRASHER_PAGE;
	pthread_attr_t attr;
	pthread_t th;
	char *p;
	int i;

	if (!strcmp(mode, "big") || !strcmp(mode, "fit")) {
		size_t size = *mode == 'b' ? CRASHER_BIG_SIZE : CRASHER_FIT_SIZE;

		p = map(NULL, size, MAP_NORESERVE);
		if (p == MAP_FAILED)
			return 3;
		fill(p, pg);
		fill(p + size - pg, pg);
	} else if (!strcmp(mode, "hole")) {
		p = map(NULL, CRASHER_HOLE_PAGES * pg, 0);
		if (p == MAP_FAILED)
			return 3;
		fill(p, CRASHER_HOLE_DATA * pg);
		fill(p + (CRASHER_HOLE_PAGES - CRASHER_HOLE_DATA) * pg,
		     CRASHER_HOLE_DATA * pg);
	} else if (!strcmp(mode, "tail")) {
		char *end = stack_on_top(), *from;
		char **p = environ;

		if (!end)
			return map_on_top() ? 6 : 0;
		/*
		 * Above the auxiliary vector lie the strings of the
		 * arguments and environment (padded by the caller), up to
		 * the end of the stack: nothing that we still use.
		 */
		while (*p)
			p++;
		while (*++p)	/* auxv: pairs up to AT_NULL */
			p++;
		from = (char *)(((unsigned long)(p + 2) + pg - 1) & ~(pg - 1));
		if (end < from + CRASHER_TAIL_PAGES * pg)
			return 6;
		memset(from, 0, end - from);
	} else if (!strcmp(mode, "top")) {
		char *end = stack_on_top();

		if (!end)
			return map_on_top() ? 6 : 0;
		/*
		 * Where the vDSO was, up to the top of the address space
		 * (a page or more; not the stack's kind of mapping, so not
		 * merged into it).
		 */
		p = map(end, pg, MAP_FIXED_NOREPLACE);
		if (p == MAP_FAILED)
			return 6;
	} else if (!strcmp(mode, "threads")) {
		if (pthread_barrier_init(&all_up, NULL, CRASHER_THREADS + 1) ||
		    pthread_attr_init(&attr) ||
		    pthread_attr_setstacksize(&attr, CRASHER_STACK))
			return 5;
		for (i = 0; i < CRASHER_THREADS; i++)
			if (pthread_create(&th, &attr, idle_thread, NULL))
				return 5;
		pthread_barrier_wait(&all_up);
	} else {
		return 2;
	}
	return 0;
}

int main(int argc, char **argv)
{
	unsigned long kib = 0;
	const char *mode = NULL;
	struct rlimit rl;
	pthread_t th;
	sigset_t set;
	int pers, err;

	/* A fourth argument: the padding of tail mode, see reexec(). */
	if (argc > 4 || (argc == 4 && strcmp(argv[2], "tail")))
		return 2;
	if (argc >= 3)
		mode = argv[2];
	if (argc > 1) {
		char *end;

		errno = 0;
		kib = strtoul(argv[1], &end, 0);
		if (errno || end == argv[1] || *end || kib > CRASHER_MAX_KIB)
			return 2;
	}

	/* Same layout for every crash of a mode: no randomization. */
	if (mode && strcmp(mode, "thread")) {
		pers = personality(0xffffffff);
		if (pers != -1 && !(pers & ADDR_NO_RANDOMIZE) &&
		    personality(pers | ADDR_NO_RANDOMIZE) != -1)
			reexec(argv, mode);
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
		void *p = map(NULL, kib * 1024, 0);

		if (p == MAP_FAILED)
			return 3;
		fill(p, kib * 1024);
	}

	if (mode && !strcmp(mode, "thread")) {
		/* The thread's crash ends us all: join never returns. */
		if (pthread_create(&th, NULL, crash_thread, NULL))
			return 5;
		pthread_join(th, NULL);
		return 4;
	}
	if (mode) {
		err = shape(mode);
		if (err)
			return err;
	}

	*crash_ptr = 1;
	return 4;
}
