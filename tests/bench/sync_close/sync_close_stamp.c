// SPDX-License-Identifier: GPL-2.0
/*
 * Exec target of sync_close_bench: writes the time it starts at
 * (CLOCK_MONOTONIC, ns, as an int64_t) to the descriptor named by its
 * argument, and exits.
 */
#include <stdint.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	struct timespec ts;
	int64_t t;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	t = ts.tv_sec * 1000000000LL + ts.tv_nsec;
	if (argc != 2)
		return 2;
	return write(atoi(argv[1]), &t, sizeof(t)) == sizeof(t) ? 0 : 1;
}
