// SPDX-License-Identifier: GPL-2.0
/*
 * nommu_file_test - file mappings without an MMU, set against an MMU
 * kernel.
 *
 * NOMMU (mm/nommu.c, validate_mmap_request and do_mmap_private; fs/ramfs/
 * file-nommu.c; Documentation/admin-guide/mm/nommu-mmap.rst):
 * - a private mapping of a file on a disk file system (ext4) is a copy
 *   read in at mmap() time: later writes to the file do not show in it,
 *   and it is counted in /proc/meminfo's MmapCopy;
 * - a shared mapping needs a file system that can map its pages
 *   directly (NOMMU_MAP_DIRECT): ext4 cannot, ENODEV;
 * - tmpfs is ramfs: a file grown by ftruncate() from empty is one
 *   contiguous block (so at most 2^MAX_PAGE_ORDER pages, EFBIG beyond),
 *   shared mappings of it are its page cache itself, at the same address
 *   for everyone, and it cannot be shrunk under one (ETXTBSY);
 * - a file mapping cannot be partly unmapped (do_munmap: EINVAL).
 * An MMU kernel maps page cache pages: a private page not yet written
 * sees the file's later writes, shared mappings work on ext4 and tmpfs
 * alike, each at its own address, and none of those limits hold.
 */
#include <sys/statfs.h>

#include "nommu.h"

#define EXT4_MAGIC	0xEF53
#define TMPFS_MAGIC	0x01021994
#define RAMFS_MAGIC	0x858458f6

/* On the root file system (ext4): the suite's folder is our cwd. */
#define DISK_FILE	"./nommu_file.scratch"
#define TMP_FILE	"/tmp/nommu_file.scratch"

/* A new file of @pages pages, page i filled with 'a' + i; -1 on error. */
static int make_file(const char *path, int pages, long want_fs)
{
	char buf[PAGE];
	struct statfs sfs;
	int fd, i;

	fd = open(path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	if (fd < 0) {
		fail("create %s: %s\n", path, strerror(errno));
		return -1;
	}
	unlink(path);
	if (fstatfs(fd, &sfs) || (want_fs && (long)sfs.f_type != want_fs)) {
		fail("%s is on file system %#lx, expected %#lx\n", path,
		     (long)sfs.f_type, want_fs);
		close(fd);
		return -1;
	}
	for (i = 0; i < pages; i++) {
		memset(buf, 'a' + i, sizeof(buf));
		if (write(fd, buf, sizeof(buf)) != (ssize_t)sizeof(buf)) {
			fail("write %s: %s\n", path, strerror(errno));
			close(fd);
			return -1;
		}
	}
	return fd;
}

/*
 * NOMMU: a MAP_PRIVATE mapping of an ext4 file is a copy: a write(2) to
 * the file afterwards does not show in it.  MMU: a private page that was
 * read but never written is the page cache's, and shows it.
 */
static int test_private_copy(void)
{
	int fd = make_file(DISK_FILE, 2, EXT4_MAGIC);
	volatile char *p;
	char c;
	bool ok;

	if (fd < 0)
		return false;
	p = mmap(NULL, 2 * PAGE, PROT_READ, MAP_PRIVATE, fd, 0);
	if (p == MAP_FAILED) {
		close(fd);
		return fail("mmap(MAP_PRIVATE of ext4): %s\n", strerror(errno));
	}
	ok = p[0] == 'a' && p[PAGE] == 'b';
	if (!ok)
		fail("the mapping holds %c %c, expected a b\n", p[0], p[PAGE]);
	if (pwrite(fd, "X", 1, 0) != 1)
		ok = fail("pwrite: %s\n", strerror(errno));
	c = p[0];
	if (ok && c != (KERNEL_MMU ? 'X' : 'a'))
		ok = fail("after a write to the file the private mapping holds '%c', expected '%c'\n",
			  c, KERNEL_MMU ? 'X' : 'a');
	munmap((void *)p, 2 * PAGE);
	close(fd);
	return ok;
}

/*
 * NOMMU (nommu-mmap.rst): a read-only private mapping of a file segment
 * that is already mapped so is that mapping again, the same copy at the
 * same address; a writable one is always a copy of its own.  MMU: each
 * mapping is a mapping of its own.
 */
static int test_private_reuse(void)
{
	int fd = make_file(DISK_FILE, 2, EXT4_MAGIC);
	char *p, *q, *w;
	bool ok = true;

	if (fd < 0)
		return false;
	p = mmap(NULL, 2 * PAGE, PROT_READ, MAP_PRIVATE, fd, 0);
	q = mmap(NULL, 2 * PAGE, PROT_READ, MAP_PRIVATE, fd, 0);
	w = mmap(NULL, 2 * PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0);
	close(fd);
	if (p == MAP_FAILED || q == MAP_FAILED || w == MAP_FAILED) {
		ok = fail("mmap(MAP_PRIVATE of ext4) three times: %p %p %p\n",
			  (void *)p, (void *)q, (void *)w);
	} else {
		if (KERNEL_MMU ? q == p : q != p)
			ok = fail("two read-only private mappings at %p and %p, expected %s\n",
				  (void *)p, (void *)q,
				  KERNEL_MMU ? "two addresses" : "one copy");
		if (w == p || w == q)
			ok = fail("the writable private mapping is at %p, a read-only one's address\n",
				  (void *)w);
		w[0] = 'w';
		if (p[0] != 'a' || q[0] != 'a' || p[PAGE] != 'b')
			ok = fail("the read-only mappings hold %c %c %c, expected a a b\n",
				  p[0], q[0], p[PAGE]);
	}
	if (p != MAP_FAILED)
		munmap(p, 2 * PAGE);
	if (q != MAP_FAILED)
		munmap(q, 2 * PAGE);
	if (w != MAP_FAILED)
		munmap(w, 2 * PAGE);
	return ok;
}

/*
 * NOMMU: /proc/meminfo has MmapCopy, the pages private mappings copied:
 * a private mapping of 8 file pages adds 32 kB while it lasts.  MMU:
 * nothing is copied, and there is no MmapCopy line.
 */
static int test_mmapcopy(void)
{
	long before, during, after;
	int fd;
	void *p;
	bool ok = true;

	before = meminfo_kb("MmapCopy");
	if (KERNEL_MMU)
		return before == -1 || fail("/proc/meminfo has MmapCopy: %ld kB\n", before);
	if (before < 0)
		return fail("/proc/meminfo has no MmapCopy\n");
	fd = make_file(DISK_FILE, 8, EXT4_MAGIC);
	if (fd < 0)
		return false;
	before = meminfo_kb("MmapCopy");
	p = mmap(NULL, 8 * PAGE, PROT_READ, MAP_PRIVATE, fd, 0);
	if (p == MAP_FAILED) {
		close(fd);
		return fail("mmap(8 pages, MAP_PRIVATE): %s\n", strerror(errno));
	}
	during = meminfo_kb("MmapCopy");
	munmap(p, 8 * PAGE);
	after = meminfo_kb("MmapCopy");
	close(fd);
	if (during - before != 32)
		ok = fail("MmapCopy %ld kB -> %ld kB with 8 pages mapped, expected +32\n",
			  before, during);
	if (after != before)
		ok = fail("MmapCopy %ld kB after munmap, %ld kB before the mapping\n",
			  after, before);
	return ok;
}

/*
 * NOMMU: ext4 cannot map its pages directly: MAP_SHARED of one of its
 * files is ENODEV, read-only or not.  MMU: it maps, and a store through
 * it is what read(2) then sees.
 */
static int test_shared_disk(void)
{
	int fd = make_file(DISK_FILE, 1, EXT4_MAGIC);
	char *p, c = 0;
	bool ok = true;

	if (fd < 0)
		return false;
	if (!KERNEL_MMU) {
		p = mmap(NULL, PAGE, PROT_READ, MAP_SHARED, fd, 0);
		ok &= want_errno("mmap(ext4, PROT_READ, MAP_SHARED)",
				 p == MAP_FAILED ? -1 : 0, ENODEV);
		if (p != MAP_FAILED)
			munmap(p, PAGE);
	}
	p = mmap(NULL, PAGE, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (!KERNEL_MMU) {
		ok &= want_errno("mmap(ext4, PROT_READ|PROT_WRITE, MAP_SHARED)",
				 p == MAP_FAILED ? -1 : 0, ENODEV);
		if (p != MAP_FAILED)
			munmap(p, PAGE);
		close(fd);
		return ok;
	}
	if (p == MAP_FAILED) {
		close(fd);
		return fail("mmap(ext4, MAP_SHARED): %s\n", strerror(errno));
	}
	p[5] = 'S';
	if (pread(fd, &c, 1, 5) != 1 || c != 'S')
		ok = fail("read(2) after a store through MAP_SHARED gave '%c'\n", c);
	munmap(p, PAGE);
	close(fd);
	return ok;
}

/* An empty tmpfs file grown to @pages pages by ftruncate(). */
static int make_tmp(int pages, int *err)
{
	int fd = make_file(TMP_FILE, 0, 0);

	*err = 0;
	if (fd < 0)
		return -1;
	if (ftruncate(fd, (off_t)pages * PAGE)) {
		*err = errno;
		close(fd);
		return -1;
	}
	return fd;
}

/*
 * Both: MAP_SHARED of a tmpfs file is shared with read(2) and write(2)
 * both ways.  NOMMU: the mapping is the page cache itself, so a second
 * mapping of it is the same address; MMU: each mapping has its own.
 */
static int test_shared_tmpfs(void)
{
	char *p, *q, c = 0;
	int fd, err;
	bool ok = true;

	fd = make_tmp(2, &err);
	if (fd < 0)
		return err ? fail("ftruncate(2 pages): %s\n", strerror(err)) : false;
	p = mmap(NULL, 2 * PAGE, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (p == MAP_FAILED) {
		close(fd);
		return fail("mmap(tmpfs, MAP_SHARED): %s\n", strerror(errno));
	}
	q = mmap(NULL, 2 * PAGE, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (q == MAP_FAILED) {
		ok = fail("second mmap(tmpfs, MAP_SHARED): %s\n", strerror(errno));
		q = NULL;
	}
	p[PAGE + 3] = 'M';
	if (pread(fd, &c, 1, PAGE + 3) != 1 || c != 'M')
		ok = fail("read(2) after a store through the mapping gave '%c'\n", c);
	if (pwrite(fd, "W", 1, 7) != 1 || p[7] != 'W')
		ok = fail("the mapping after write(2) holds '%c'\n", p[7]);
	if (q && q[PAGE + 3] != 'M')
		ok = fail("the second mapping holds '%c', expected 'M'\n", q[PAGE + 3]);
	if (q && KERNEL_MMU && q == p)
		ok = fail("both mappings at %p\n", (void *)p);
	if (q && !KERNEL_MMU && q != p)
		ok = fail("second mapping at %p, the first at %p: expected the page cache's one address\n",
			  (void *)q, (void *)p);
	if (q)
		munmap(q, 2 * PAGE);
	munmap(p, 2 * PAGE);
	close(fd);
	return ok;
}

/*
 * NOMMU: ramfs cannot shrink a file under a shared mapping of the part
 * cut off: ETXTBSY (nommu_shrink_inode_mappings).  MMU: it shrinks.
 */
static int test_tmpfs_shrink_mapped(void)
{
	int fd, err, r;
	void *p;

	fd = make_tmp(2, &err);
	if (fd < 0)
		return err ? fail("ftruncate(2 pages): %s\n", strerror(err)) : false;
	p = mmap(NULL, 2 * PAGE, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (p == MAP_FAILED) {
		close(fd);
		return fail("mmap(tmpfs, MAP_SHARED): %s\n", strerror(errno));
	}
	r = ftruncate(fd, PAGE);
	munmap(p, 2 * PAGE);
	close(fd);
	if (KERNEL_MMU)
		return want_ok("ftruncate(1 page) under a shared mapping", r);
	return want_errno("ftruncate(1 page) under a shared mapping", r, ETXTBSY);
}


/*
 * NOMMU: ftruncate() of an empty tmpfs (ramfs) file allocates it as one
 * contiguous block, so past 2^MAX_PAGE_ORDER pages it is EFBIG
 * (ramfs_nommu_expand_for_mapping); that size itself is fine.  MMU:
 * twice that is fine.
 */
static int test_tmpfs_truncate_limit(void)
{
	int order = max_page_order(), fd, err;
	long pages;

	if (order < 1 || order > 20)
		return fail("MAX_PAGE_ORDER from /proc/buddyinfo: %d\n", order);
	pages = 1L << order;
	fd = make_tmp(pages, &err);
	if (fd < 0)
		return err ? fail("ftruncate(2^%d pages): %s\n", order, strerror(err)) : false;
	close(fd);
	fd = make_tmp(KERNEL_MMU ? 2 * pages : pages + 1, &err);
	if (fd >= 0)
		close(fd);
	if (KERNEL_MMU)
		return fd >= 0 || fail("ftruncate(2^%d pages * 2): %s\n", order, strerror(err));
	if (fd >= 0)
		return fail("ftruncate(2^%d pages + 1) of an empty tmpfs file succeeded, expected EFBIG\n",
			    order);
	return err == EFBIG ||
	       fail("ftruncate(2^%d pages + 1): %s, expected EFBIG\n", order,
		    err ? strerror(err) : "no file");
}

/*
 * NOMMU: a file mapping cannot be split: munmap() of its second page is
 * EINVAL and leaves it whole.  MMU: the page goes, the first stays.
 */
static int test_munmap_file_part(void)
{
	int fd = make_file(DISK_FILE, 2, EXT4_MAGIC), r;
	char *p;
	bool ok;

	if (fd < 0)
		return false;
	p = mmap(NULL, 2 * PAGE, PROT_READ, MAP_PRIVATE, fd, 0);
	close(fd);
	if (p == MAP_FAILED)
		return fail("mmap(2 pages of a file): %s\n", strerror(errno));
	r = munmap(p + PAGE, PAGE);
	if (KERNEL_MMU) {
		ok = want_ok("munmap(second page of a file mapping)", r);
		ok &= mapped((unsigned long)p) || fail("the first page left maps\n");
		ok &= !mapped((unsigned long)p + PAGE) || fail("the second page is still in maps\n");
		munmap(p, PAGE);
		return ok;
	}
	ok = want_errno("munmap(second page of a file mapping)", r, EINVAL);
	if (r) {
		/* Refused, the mapping is whole (read it only then). */
		ok &= (mapped((unsigned long)p) && mapped((unsigned long)p + PAGE)) ||
		      fail("the file mapping is no longer whole\n");
		ok = ok && (p[PAGE] == 'b' ||
			    fail("the second page holds '%c'\n", p[PAGE]));
	}
	munmap(p, r ? 2 * PAGE : PAGE);
	return ok;
}

static const struct test_case cases[] = {
	{ "MAP_PRIVATE of ext4: NOMMU a copy, MMU sees later file writes",
	  test_private_copy },
	{ "MAP_PRIVATE read-only twice: NOMMU one copy, MMU two mappings",
	  test_private_reuse },
	{ "MmapCopy: NOMMU counts a private file mapping's copy, MMU has none",
	  test_mmapcopy },
	{ "MAP_SHARED of ext4: NOMMU ENODEV (no direct mapping), MMU shared",
	  test_shared_disk },
	{ "MAP_SHARED of tmpfs: shared both ways; NOMMU one address for all",
	  test_shared_tmpfs },
	{ "tmpfs shrink under a shared mapping: NOMMU ETXTBSY, MMU shrinks",
	  test_tmpfs_shrink_mapped },
	{ "tmpfs ftruncate from empty: NOMMU EFBIG past 2^MAX_PAGE_ORDER pages",
	  test_tmpfs_truncate_limit },
	{ "munmap of part of a file mapping: NOMMU EINVAL, MMU unmaps it",
	  test_munmap_file_part },
};

int main(void)
{
	ksft_print_header();
	CASES_PLAN(cases);
	RUN_CASES(cases, NULL);
	ksft_finished();
}
