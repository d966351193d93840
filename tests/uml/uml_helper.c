// SPDX-License-Identifier: GPL-2.0
/*
 * uml_helper - the child the uml suite's program starts with
 * vfork()+execve() (never fork()).
 *
 *	uml_helper exit CODE		exit with CODE
 *	uml_helper stub ADDR WFD	map a page at ADDR (hex), write to it,
 *					say "ready" on WFD, then keep coming
 *					back to user mode for 30 s:
 *					exit 3 if it is still alive then
 *	uml_helper pages N		map 2N pages and write to every other
 *					one, N distinct host mappings of a
 *					stub; exit 0 when all are written
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/mman.h>

#define PAGE	4096UL

static int mode_stub(unsigned long addr, int wfd)
{
	volatile char *p;
	struct timespec t0, t;

	p = mmap((void *)addr, PAGE, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
	if (p == MAP_FAILED || (unsigned long)p != addr) {
		fprintf(stderr, "uml_helper: mmap at %#lx: %s\n", addr,
			strerror(errno));
		return 2;
	}
	p[0] = 1;
	if (write(wfd, "ready\n", 6) != 6)
		return 2;
	close(wfd);
	/* Back to user mode again and again: the task notices its stub
	 * is gone the next time it needs it. */
	clock_gettime(CLOCK_MONOTONIC, &t0);
	do {
		p[0]++;
		usleep(10000);
		clock_gettime(CLOCK_MONOTONIC, &t);
	} while (t.tv_sec - t0.tv_sec < 30);
	return 3;
}

static int mode_pages(unsigned long n)
{
	volatile char *p;
	unsigned long i;

	p = mmap(NULL, 2 * n * PAGE, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (p == MAP_FAILED) {
		fprintf(stderr, "uml_helper: mmap of %lu pages: %s\n", 2 * n,
			strerror(errno));
		return 2;
	}
	for (i = 0; i < n; i++)
		p[2 * i * PAGE] = 1;
	return 0;
}

int main(int argc, char **argv)
{
	if (argc == 3 && !strcmp(argv[1], "exit"))
		return atoi(argv[2]);
	if (argc == 4 && !strcmp(argv[1], "stub"))
		return mode_stub(strtoul(argv[2], NULL, 16), atoi(argv[3]));
	if (argc == 3 && !strcmp(argv[1], "pages"))
		return mode_pages(strtoul(argv[2], NULL, 0));
	fprintf(stderr, "usage: uml_helper exit CODE | stub ADDR WFD | pages N\n");
	return 2;
}
