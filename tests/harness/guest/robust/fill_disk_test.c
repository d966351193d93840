// SPDX-License-Identifier: GPL-2.0
/*
 * Fills the guest's root file system and leaves it full, passing all the
 * same: the guest must notice the full disk and the run must fail,
 * naming it.
 */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>
#include "kselftest.h"

int main(void)
{
	static char block[1 << 16];
	long long written = 0;
	ssize_t n;
	int fd;

	ksft_print_header();
	ksft_set_plan(1);
	fd = open("/fill_disk_test.data", O_WRONLY | O_CREAT | O_TRUNC, 0600);
	if (fd < 0)
		ksft_exit_fail_perror("open");
	memset(block, 0x5a, sizeof(block));
	while ((n = write(fd, block, sizeof(block))) > 0)
		written += n;
	if (n < 0 && errno != ENOSPC)
		ksft_exit_fail_perror("write");
	fsync(fd);
	close(fd);
	ksft_print_msg("wrote %lld bytes until ENOSPC\n", written);
	ksft_test_result_pass("the disk is full\n");
	ksft_finished();
}
