// SPDX-License-Identifier: GPL-2.0
/*
 * A child left behind by term_test: it ignores SIGTERM and waits
 * forever, in its parent's process group.
 */
#include <signal.h>
#include <unistd.h>

int main(void)
{
	signal(SIGTERM, SIG_IGN);
	for (;;)
		pause();
}
