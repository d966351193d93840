// SPDX-License-Identifier: GPL-2.0
/*
 * Child of nommu_bench, started with vfork() and execve().
 *
 *   nommu_bench_child          exits at once (the vfork+exec+wait case)
 *   nommu_bench_child sink N   reads rounds of N bytes from stdin and
 *                              answers each with one byte on stdout,
 *                              until EOF (the pipe case)
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char buf[1 << 16];

int main(int argc, char **argv)
{
	size_t want, got;
	ssize_t n;

	if (argc < 3 || strcmp(argv[1], "sink"))
		return 0;
	want = strtoul(argv[2], NULL, 0);
	for (;;) {
		for (got = 0; got < want; got += n) {
			n = read(0, buf, want - got < sizeof(buf) ? want - got : sizeof(buf));
			if (n <= 0)
				return n < 0;
		}
		if (write(1, "", 1) != 1)
			return 1;
	}
}
