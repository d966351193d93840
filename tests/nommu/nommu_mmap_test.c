// SPDX-License-Identifier: GPL-2.0
/*
 * nommu_mmap_test - anonymous memory without an MMU, set against an MMU
 * kernel: mmap() places nothing where asked (no MAP_FIXED, hints
 * ignored), mremap() only resizes within what mmap() allocated and never
 * moves, munmap() wants a piece of one mapping, the page-table syscalls
 * (mprotect, msync, mlock, mincore) are not there, and one mapping is
 * one physically contiguous allocation of at most 2^MAX_PAGE_ORDER
 * pages.
 *
 * The rules are those of mm/nommu.c (validate_mmap_request, do_mmap,
 * do_mmap_private, do_munmap, do_mremap), of mm/Makefile (which objects
 * only an MMU kernel has: their syscalls are ENOSYS by kernel/sys_ni.c)
 * and Documentation/admin-guide/mm/nommu-mmap.rst.
 */
#include "nommu.h"

#ifndef MAP_FIXED_NOREPLACE
#define MAP_FIXED_NOREPLACE 0x100000
#endif
#ifndef MREMAP_FIXED
#define MREMAP_FIXED 2
#endif

static void fill(void *p, size_t len, int seed)
{
	size_t i;

	for (i = 0; i < len; i += PAGE)
		((volatile unsigned char *)p)[i] = (unsigned char)(seed + i / PAGE);
}

static bool filled(const void *p, size_t len, int seed, const char *what)
{
	size_t i;

	for (i = 0; i < len; i += PAGE) {
		unsigned char want = (unsigned char)(seed + i / PAGE);
		unsigned char got = ((const volatile unsigned char *)p)[i];

		if (got != want)
			return fail("%s: page %zu holds %u, expected %u\n", what,
				    i / PAGE, got, want);
	}
	return true;
}

/*
 * NOMMU: MAP_FIXED is EINVAL (validate_mmap_request) and the mapping
 * that is there stays.  MMU: MAP_FIXED replaces it with zeroed memory.
 */
static int test_map_fixed(void)
{
	unsigned char *p = map_anon(PAGE, PROT_READ | PROT_WRITE);
	void *q;
	bool ok;

	if (!p)
		return false;
	p[0] = 0xa5;
	q = mmap(p, PAGE, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);
	if (!KERNEL_MMU) {
		ok = want_errno("mmap(MAP_FIXED)", q == MAP_FAILED ? -1 : 0, EINVAL);
		if (ok && p[0] != 0xa5)
			ok = fail("the mapping under the refused MAP_FIXED changed\n");
		if (q != MAP_FAILED && q != p)
			munmap(q, PAGE);
	} else if (q != p) {
		ok = fail("mmap(MAP_FIXED at %p) gave %p (%s)\n", (void *)p, q,
			  q == MAP_FAILED ? strerror(errno) : "elsewhere");
		if (q != MAP_FAILED)
			munmap(q, PAGE);
	} else {
		ok = p[0] == 0 || fail("MAP_FIXED over our page left %#x\n", p[0]);
	}
	munmap(p, PAGE);
	return ok;
}

/*
 * NOMMU: the address hint is ignored (do_mmap: "we ignore the address
 * hint"): the memory comes from the page allocator.  MMU: a hint at a
 * free address is honoured.
 */
static int test_map_hint(void)
{
	unsigned long hint = unmapped_addr();
	void *q;
	bool ok;

	if (!hint)
		return fail("no unmapped address found\n");
	q = mmap((void *)hint, PAGE, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (q == MAP_FAILED)
		return fail("mmap(hint %#lx): %s\n", hint, strerror(errno));
	if (KERNEL_MMU)
		ok = (unsigned long)q == hint ||
		     fail("hint %#lx at a free address gave %p\n", hint, q);
	else
		ok = (unsigned long)q != hint ||
		     fail("hint %#lx was honoured\n", hint);
	munmap(q, PAGE);
	return ok;
}

/*
 * MMU: MAP_FIXED_NOREPLACE over an existing mapping is EEXIST.  NOMMU:
 * only MAP_FIXED is refused; MAP_FIXED_NOREPLACE is no more than a hint,
 * so the call succeeds elsewhere and the mapping there is untouched
 * (callers must compare the address they get, as on kernels older than
 * 4.17).
 */
static int test_map_noreplace(void)
{
	unsigned char *p = map_anon(PAGE, PROT_READ | PROT_WRITE);
	void *q;
	bool ok;

	if (!p)
		return false;
	p[0] = 0x3c;
	q = mmap(p, PAGE, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
	if (KERNEL_MMU) {
		ok = want_errno("mmap(MAP_FIXED_NOREPLACE) over a mapping",
				q == MAP_FAILED ? -1 : 0, EEXIST);
	} else if (q == MAP_FAILED) {
		ok = fail("mmap(MAP_FIXED_NOREPLACE): %s, expected a mapping elsewhere\n",
			  strerror(errno));
	} else {
		ok = q != p || fail("MAP_FIXED_NOREPLACE replaced the mapping\n");
	}
	if (ok && p[0] != 0x3c)
		ok = fail("the mapping under MAP_FIXED_NOREPLACE changed\n");
	if (q != MAP_FAILED && q != p)
		munmap(q, PAGE);
	munmap(p, PAGE);
	return ok;
}

/*
 * MMU: MAP_SHARED|MAP_ANONYMOUS is shared memory (shmem: an "s" line).
 * NOMMU: with no fork() there is nobody to share with, and it is made
 * private (determine_vm_flags): a "p" line.
 */
static int test_map_shared_anon(void)
{
	void *p = mmap(NULL, PAGE, PROT_READ | PROT_WRITE,
		       MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	struct map_line ml;
	bool ok;

	if (p == MAP_FAILED)
		return fail("mmap(MAP_SHARED|MAP_ANONYMOUS): %s\n", strerror(errno));
	if (!maps_find((unsigned long)p, NULL, &ml))
		ok = fail("no line of maps holds %p\n", p);
	else if (ml.perms[3] != (KERNEL_MMU ? 's' : 'p'))
		ok = fail("MAP_SHARED anonymous mapping is \"%s\", expected %s\n",
			  ml.perms, KERNEL_MMU ? "shared" : "private");
	else
		ok = true;
	munmap(p, PAGE);
	return ok;
}

/*
 * NOMMU: mremap() cannot grow a mapping past what mmap() allocated, even
 * with MREMAP_MAYMOVE: ENOMEM.  MMU: it grows (moving if it must) and
 * keeps the contents.
 */
static int test_mremap_grow(void)
{
	void *p = map_anon(PAGE, PROT_READ | PROT_WRITE), *q;
	bool ok;

	if (!p)
		return false;
	fill(p, PAGE, 1);
	q = mremap(p, PAGE, 4 * PAGE, MREMAP_MAYMOVE);
	if (!KERNEL_MMU) {
		ok = want_errno("mremap(1 -> 4 pages, MREMAP_MAYMOVE)",
				q == MAP_FAILED ? -1 : 0, ENOMEM);
		munmap(q == MAP_FAILED ? p : q, q == MAP_FAILED ? PAGE : 4 * PAGE);
		return ok;
	}
	if (q == MAP_FAILED) {
		munmap(p, PAGE);
		return fail("mremap(1 -> 4 pages, MREMAP_MAYMOVE): %s\n", strerror(errno));
	}
	ok = filled(q, PAGE, 1, "grown mapping");
	fill(q, 4 * PAGE, 9);
	munmap(q, 4 * PAGE);
	return ok;
}

/*
 * NOMMU: a mapping shrinks in place, and grows back in place up to the
 * size mmap() gave it, contents kept.  MMU: the same with MREMAP_MAYMOVE.
 */
static int test_mremap_shrink_regrow(void)
{
	char *p = map_anon(4 * PAGE, PROT_READ | PROT_WRITE), *q;
	int flags = KERNEL_MMU ? MREMAP_MAYMOVE : 0;
	bool ok = true;

	if (!p)
		return false;
	fill(p, 4 * PAGE, 3);
	q = mremap(p, 4 * PAGE, 2 * PAGE, 0);
	if (q != p) {
		munmap(p, 4 * PAGE);
		return fail("mremap(4 -> 2 pages) gave %p (%s), expected %p\n",
			    (void *)q, q == MAP_FAILED ? strerror(errno) : "moved",
			    (void *)p);
	}
	q = mremap(p, 2 * PAGE, 4 * PAGE, flags);
	if (q == MAP_FAILED) {
		munmap(p, 2 * PAGE);
		return fail("mremap(2 -> 4 pages) back: %s\n", strerror(errno));
	}
	if (!KERNEL_MMU && q != p)
		ok = fail("mremap(2 -> 4 pages) moved to %p\n", (void *)q);
	ok &= filled(q, 2 * PAGE, 3, "regrown mapping");
	fill(q, 4 * PAGE, 5);
	munmap(q, 4 * PAGE);
	return ok;
}

/*
 * NOMMU: mremap() never moves: MREMAP_FIXED to another address is
 * EINVAL.  MMU: the mapping moves there.
 */
static int test_mremap_fixed(void)
{
	char *p = map_anon(PAGE, PROT_READ | PROT_WRITE), *q;
	char *to = map_anon(PAGE, PROT_READ | PROT_WRITE);
	bool ok;

	if (!p || !to) {
		if (p)
			munmap(p, PAGE);
		return false;
	}
	fill(p, PAGE, 7);
	q = mremap(p, PAGE, PAGE, MREMAP_MAYMOVE | MREMAP_FIXED, to);
	if (!KERNEL_MMU) {
		ok = want_errno("mremap(MREMAP_FIXED elsewhere)",
				q == MAP_FAILED ? -1 : 0, EINVAL);
		munmap(p, PAGE);
		munmap(to, PAGE);
		return ok;
	}
	if (q != to) {
		munmap(p, PAGE);
		munmap(to, PAGE);
		return fail("mremap(MREMAP_FIXED to %p) gave %p (%s)\n", (void *)to,
			    (void *)q, q == MAP_FAILED ? strerror(errno) : "elsewhere");
	}
	ok = filled(to, PAGE, 7, "moved mapping");
	ok &= !mapped((unsigned long)p) ||
	      fail("the old place %p is still mapped\n", (void *)p);
	munmap(to, PAGE);
	return ok;
}

/*
 * NOMMU: mremap() takes a whole mapping: an old_len short of it is
 * EINVAL (find_vma_exact).  MMU: the part is resized, the rest stays.
 */
static int test_mremap_part(void)
{
	char *p = map_anon(3 * PAGE, PROT_READ | PROT_WRITE), *q;
	bool ok;

	if (!p)
		return false;
	fill(p, 3 * PAGE, 2);
	q = mremap(p, 2 * PAGE, PAGE, 0);
	if (!KERNEL_MMU) {
		ok = want_errno("mremap(first 2 of 3 pages -> 1)",
				q == MAP_FAILED ? -1 : 0, EINVAL);
		/* Refused, the mapping is as it was (read it only then). */
		ok = ok && filled(p, 3 * PAGE, 2, "the mapping");
	} else if (q != p) {
		ok = fail("mremap(first 2 of 3 pages -> 1) gave %p (%s)\n",
			  (void *)q, q == MAP_FAILED ? strerror(errno) : "moved");
	} else {
		ok = !mapped((unsigned long)p + PAGE) ||
		     fail("page 1 is still mapped\n");
		ok &= filled(p, PAGE, 2, "page 0");
		ok &= filled(p + 2 * PAGE, PAGE, 4, "page 2");
	}
	munmap(p, 3 * PAGE);
	return ok;
}

/*
 * Both: munmap() of a page inside an anonymous mapping splits it: the
 * pages around it stay, with their contents (NOMMU: split_vma).
 */
static int test_munmap_middle(void)
{
	char *p = map_anon(3 * PAGE, PROT_READ | PROT_WRITE);
	bool ok;

	if (!p)
		return false;
	fill(p, 3 * PAGE, 20);
	ok = want_ok("munmap(middle page)", munmap(p + PAGE, PAGE));
	ok &= !mapped((unsigned long)p + PAGE) || fail("the middle page is still in maps\n");
	ok &= mapped((unsigned long)p) || fail("page 0 left maps\n");
	ok &= mapped((unsigned long)p + 2 * PAGE) || fail("page 2 left maps\n");
	ok &= filled(p, PAGE, 20, "page 0");
	ok &= filled(p + 2 * PAGE, PAGE, 22, "page 2");
	munmap(p, PAGE);
	munmap(p + 2 * PAGE, PAGE);
	return ok;
}

/*
 * NOMMU: munmap() of a range no mapping holds is EINVAL (do_munmap).
 * MMU: it is no error.
 */
static int test_munmap_unmapped(void)
{
	unsigned long a = unmapped_addr();
	int r;

	if (!a)
		return fail("no unmapped address found\n");
	r = munmap((void *)a, PAGE);
	if (KERNEL_MMU)
		return want_ok("munmap(an unmapped page)", r);
	return want_errno("munmap(an unmapped page)", r, EINVAL);
}

/* MMU: @what succeeds; NOMMU: the syscall is not there, ENOSYS. */
static bool want_mmu_only(const char *what, long r)
{
	if (KERNEL_MMU)
		return want_ok(what, r);
	return want_errno(what, r, ENOSYS);
}

/* mm/mprotect.c is MMU-only: without it mprotect() is ENOSYS. */
static int test_mprotect(void)
{
	void *p = map_anon(PAGE, PROT_READ | PROT_WRITE);
	bool ok;

	if (!p)
		return false;
	ok = want_mmu_only("mprotect(PROT_READ)", mprotect(p, PAGE, PROT_READ));
	munmap(p, PAGE);
	return ok;
}

/* mm/msync.c is MMU-only: without it msync() is ENOSYS. */
static int test_msync(void)
{
	void *p = map_anon(PAGE, PROT_READ | PROT_WRITE);
	bool ok;

	if (!p)
		return false;
	ok = want_mmu_only("msync(MS_SYNC)", msync(p, PAGE, MS_SYNC));
	munmap(p, PAGE);
	return ok;
}

/* mm/mlock.c is MMU-only: without it mlock() and munlock() are ENOSYS. */
static int test_mlock(void)
{
	void *p = map_anon(PAGE, PROT_READ | PROT_WRITE);
	bool ok;

	if (!p)
		return false;
	ok = want_mmu_only("mlock", mlock(p, PAGE));
	ok &= want_mmu_only("munlock", munlock(p, PAGE));
	munmap(p, PAGE);
	return ok;
}

/* mm/mincore.c is MMU-only: without it mincore() is ENOSYS. */
static int test_mincore(void)
{
	void *p = map_anon(PAGE, PROT_READ | PROT_WRITE);
	unsigned char vec = 0;
	bool ok;

	if (!p)
		return false;
	((volatile char *)p)[0] = 1;
	ok = want_mmu_only("mincore", mincore(p, PAGE, &vec));
	if (ok && KERNEL_MMU && !(vec & 1))
		ok = fail("mincore: a page just written is not resident\n");
	munmap(p, PAGE);
	return ok;
}


/* An anonymous mapping of @len bytes, every page written and read back. */
static bool map_use(size_t len, int order)
{
	void *p = mmap(NULL, len, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	bool ok;

	if (p == MAP_FAILED)
		return fail("mmap(%zu KiB, MAX_PAGE_ORDER %d): %s\n", len >> 10,
			    order, strerror(errno));
	fill(p, len, 40);
	ok = filled(p, len, 40, "the mapping");
	munmap(p, len);
	return ok;
}

/*
 * NOMMU: one mapping is one physically contiguous block from the page
 * allocator (do_mmap_private: alloc_pages_exact()), so 2^MAX_PAGE_ORDER
 * pages (MAX_PAGE_ORDER from /proc/buddyinfo's columns) map and are
 * ours.  MMU: twice that does too.
 */
static int test_largest(void)
{
	int order = max_page_order();

	if (order < 1 || order > 20)
		return fail("MAX_PAGE_ORDER from /proc/buddyinfo: %d\n", order);
	return map_use((PAGE << order) * (KERNEL_MMU ? 2 : 1), order);
}

/*
 * One page more than 2^MAX_PAGE_ORDER.  MMU: it maps.  NOMMU: it
 * cannot be one block, and the mmap() fails with ENOMEM, but the
 * request is not made here: mm/nommu.c (7.3.4 and upstream alike)
 * passes its order to alloc_pages_exact() with GFP_KERNEL, and the page
 * allocator WARNs once a boot for an order above MAX_PAGE_ORDER before
 * it fails (a kernel splat, which fails the run; a panic_on_warn
 * kernel panics).  Any user's large mmap() can make a NOMMU kernel
 * WARN so: upstream's behaviour, which this test bed matches.
 */
static int test_too_large(void)
{
	int order = max_page_order();

	if (order < 1 || order > 20)
		return fail("MAX_PAGE_ORDER from /proc/buddyinfo: %d\n", order);
	if (!KERNEL_MMU)
		return ONLY_MMU("past 2^MAX_PAGE_ORDER pages the page allocator WARNs before mmap() fails (mm/nommu.c, as upstream): not asked");
	return map_use((PAGE << order) + PAGE, order);
}

static const struct test_case cases[] = {
	{ "MAP_FIXED: EINVAL without an MMU, replaces with one",
	  test_map_fixed },
	{ "address hint: ignored without an MMU, honoured with one",
	  test_map_hint },
	{ "MAP_FIXED_NOREPLACE over a mapping: MMU EEXIST, NOMMU only a hint",
	  test_map_noreplace },
	{ "MAP_SHARED|MAP_ANONYMOUS: MMU shared, NOMMU made private",
	  test_map_shared_anon },
	{ "mremap grow with MREMAP_MAYMOVE: NOMMU ENOMEM, MMU grows",
	  test_mremap_grow },
	{ "mremap shrinks and regrows within the allocation, in place",
	  test_mremap_shrink_regrow },
	{ "mremap MREMAP_FIXED elsewhere: NOMMU EINVAL, MMU moves",
	  test_mremap_fixed },
	{ "mremap of part of a mapping: NOMMU EINVAL, MMU resizes the part",
	  test_mremap_part },
	{ "munmap of the middle page of an anonymous mapping splits it",
	  test_munmap_middle },
	{ "munmap of an unmapped range: NOMMU EINVAL, MMU no error",
	  test_munmap_unmapped },
	{ "mprotect: ENOSYS without an MMU", test_mprotect },
	{ "msync: ENOSYS without an MMU", test_msync },
	{ "mlock/munlock: ENOSYS without an MMU", test_mlock },
	{ "mincore: ENOSYS without an MMU", test_mincore },
	{ "largest mapping: NOMMU 2^MAX_PAGE_ORDER pages map, MMU twice that",
	  test_largest },
	{ "2^MAX_PAGE_ORDER pages + 1: MMU maps",
	  test_too_large },
};

int main(void)
{
	ksft_print_header();
	CASES_PLAN(cases);
	RUN_CASES(cases, NULL);
	ksft_finished();
}
