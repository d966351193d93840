// SPDX-License-Identifier: GPL-2.0
/*
 * Fails its second case the first time it runs in a guest and passes it
 * when run again, as a test with a race would: the harness must report
 * that case FLAKY, with the failed attempt's output, not FAIL.  A file
 * in the guest's /tmp (a tmpfs of each boot) remembers the first run.
 */
#include <fcntl.h>
#include <unistd.h>
#include "kselftest.h"

#define MARK "/tmp/flaky_test.ran"

int main(void)
{
	int first = access(MARK, F_OK) != 0;
	int fd;

	ksft_print_header();
	ksft_set_plan(2);
	ksft_test_result_pass("steady\n");
	if (first) {
		fd = open(MARK, O_WRONLY | O_CREAT, 0600);
		if (fd < 0)
			ksft_exit_fail_perror("open " MARK);
		close(fd);
		ksft_print_msg("first run: the race is lost\n");
	}
	ksft_test_result(!first, "racy\n");
	ksft_finished();
}
