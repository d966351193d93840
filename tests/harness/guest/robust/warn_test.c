// SPDX-License-Identifier: GPL-2.0
/*
 * Every test passes, but the kernel log shows a WARNING: the run must
 * fail on the splat all the same.  The line is written to /dev/kmsg, so
 * it reaches the console as a kernel WARN's first line would; it tests
 * the harness's console scan, not the kernel.
 */
#include <fcntl.h>
#include <string.h>
#include <unistd.h>
#include "kselftest.h"

static const char warning[] =
	"WARNING: CPU: 0 PID: 1 at tests/harness/guest/robust/warn_test.c:1 simulated+0x0/0x10\n";

int main(void)
{
	int fd;

	ksft_print_header();
	ksft_set_plan(1);
	fd = open("/dev/kmsg", O_WRONLY);
	if (fd < 0)
		ksft_exit_fail_perror("open /dev/kmsg");
	if (write(fd, warning, strlen(warning)) < 0)
		ksft_exit_fail_perror("write /dev/kmsg");
	close(fd);
	ksft_test_result_pass("the test itself passes\n");
	ksft_finished();
}
