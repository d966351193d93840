// SPDX-License-Identifier: GPL-2.0
/*
 * coredump_records_test - the record stream of the coredump socket
 * (Linux 7.4: COREDUMP_RECORDS, COREDUMP_SPARSE), through the reference
 * server ./coredump-server.
 *
 * Each case starts the server with the options it needs, lets ./crasher
 * (in one of its modes, see crasher.h) die, and checks what the server
 * reported (one "crash ..." line per crash), the records it logged, the
 * core it reassembled and how the crasher died. Cores go to a folder
 * next to the test (the guest's /tmp is a small tmpfs); the server
 * writes them sparse, and they are checked by reading, never kept in
 * memory. The cases SKIP on a kernel whose request does not advertise
 * COREDUMP_RECORDS.
 *
 * Lines "# figure: NAME socket=N dump=N ..." give the bytes on the
 * socket against the dump size, next to upstream's figures; the run's
 * report gathers them.
 */
#include <dirent.h>
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include "kselftest.h"
#include "crasher.h"
#include "coredump_abi.h"
#include "core_pattern.h"
#include "corenotes.h"

/* What a SKIP's reason begins with when the case needs an MMU: the host
 * counts those apart (GUEST_NO_MMU, scripts/lib.sh; tests/Makefile).
 */
#ifndef GUEST_NO_MMU
#error "GUEST_NO_MMU is not defined: build with tests/Makefile"
#endif

#define NR_CASES	15
#define PG		CRASHER_PAGE
/* Request and mark: what the kernel sends before the dump. */
#define PREAMBLE	(sizeof(struct cd_req) + sizeof(uint32_t))
#define HDR		CD_RECORD_HEADER_SIZE_VER0

/* Upstream's figures (spec/coredump.md). */
#define UP_BIG_DUMP		268890112ULL
#define UP_BIG_SPARSE		188793ULL
#define UP_BIG_RECORDS		271009312ULL
#define UP_THREADS_DUMP		1075150848ULL
#define UP_THREADS_SPARSE	1424153ULL

static char dir[256];		/* cores and logs */
static char sock_path[108];
static int crash_no;
/*
 * Why the cases of this kernel SKIP (it lacks RECORDS/SPARSE), or NULL;
 * why the last run's crash cannot tell (its crasher could not shape its
 * memory), or NULL.
 */
static char kernel_lacks[128];
static const char *skip_why;

/* False on a NOMMU kernel: only it has MmapCopy in /proc/meminfo. */
static bool have_mmu = true;

/*
 * Why a crasher of @mode cannot exist without an MMU, or NULL.  There a
 * mapping is one allocation of at most 4 MiB (MAX_PAGE_ORDER), made and
 * zeroed in full by mmap(), stacks included.
 */
static const char *needs_mmu(const char *mode)
{
	if (have_mmu)
		return NULL;
	if (!strcmp(mode, "big"))
		return GUEST_NO_MMU "the crasher needs one 256 MiB mapping, at most 4 MiB in one piece here";
	if (!strcmp(mode, "threads"))
		return GUEST_NO_MMU "the crasher needs 128 thread stacks of 8 MiB, at most 4 MiB in one piece here";
	return NULL;
}

static bool kernel_has_mmu(void)
{
	char line[128];
	bool mmu = true;
	FILE *f = fopen("/proc/meminfo", "re");

	while (f && fgets(line, sizeof(line), f))
		if (!strncmp(line, "MmapCopy:", 9))
			mmu = false;
	if (f)
		fclose(f);
	return mmu;
}

/* What one crash gave. */
struct crash {
	bool reported;
	char line[1024];
	uint64_t req_mask, ack_mask, socket, dump, data, zero, end;
	int mark;
	bool complete;
	char mode[16];
	char file[300];
	char log[300];
	bool error;

	pid_t pid;
	int status;
	bool reaped;
};

/* ---- the guest's core_pattern, restored whatever happens ---- */

static void restore_pattern(void)
{
	if (core_pattern_restore())
		ksft_print_msg("could not restore core_pattern\n");
}

/* The cores and logs go with the test. */
static void remove_dir(void)
{
	char path[600];
	struct dirent *d;
	DIR *dp = dir[0] ? opendir(dir) : NULL;

	while (dp && (d = readdir(dp))) {
		if (d->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, d->d_name);
		unlink(path);
	}
	if (dp) {
		closedir(dp);
		rmdir(dir);
	}
}

/* ---- the server's report ---- */

static bool field(const char *line, const char *key, char *val, size_t n)
{
	char pat[32];
	const char *p;
	size_t i = 0;

	snprintf(pat, sizeof(pat), " %s=", key);
	p = strstr(line, pat);
	if (!p)
		return false;
	p += strlen(pat);
	while (p[i] && p[i] != ' ' && p[i] != '\n' && i + 1 < n) {
		val[i] = p[i];
		i++;
	}
	val[i] = '\0';
	return true;
}

static uint64_t num(const char *line, const char *key)
{
	char v[64];

	return field(line, key, v, sizeof(v)) ? strtoull(v, NULL, 0) : 0;
}

static void parse(struct crash *c)
{
	char v[64];

	c->reported = true;
	c->req_mask = num(c->line, "req_mask");
	c->ack_mask = num(c->line, "ack_mask");
	c->socket = num(c->line, "socket");
	c->dump = num(c->line, "dump");
	c->data = num(c->line, "data");
	c->zero = num(c->line, "zero");
	c->end = num(c->line, "end");
	c->complete = num(c->line, "complete");
	c->mark = field(c->line, "mark", v, sizeof(v)) ? atoi(v) : -1;
	field(c->line, "mode", c->mode, sizeof(c->mode));
	field(c->line, "file", c->file, sizeof(c->file));
	c->error = strstr(c->line, " error=") != NULL;
}

/* ---- running the server and the crashers ---- */

static bool reap(pid_t pid, int *status, int ms)
{
	pid_t r;

	for (; ms >= 0; ms -= 5) {
		r = waitpid(pid, status, WNOHANG);
		if (r == pid)
			return true;
		if (r < 0 && errno != EINTR)
			return false;
		usleep(5000);
	}
	return false;
}

static pid_t spawn(char *const argv[], int out_fd, int blob_fd)
{
	posix_spawn_file_actions_t fa;
	pid_t pid;
	int err;

	posix_spawn_file_actions_init(&fa);
	if (out_fd >= 0)
		posix_spawn_file_actions_adddup2(&fa, out_fd, STDOUT_FILENO);
	if (blob_fd >= 0)
		posix_spawn_file_actions_adddup2(&fa, blob_fd, 3);
	err = posix_spawn(&pid, argv[0], &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	if (err) {
		ksft_print_msg("posix_spawn(%s): %s\n", argv[0], strerror(err));
		return -1;
	}
	return pid;
}

/* The blob store: frames from the server into DIR/blob.head and .data. */
static bool blob_store(int fd, bool *failed)
{
	struct { char magic[4]; uint32_t kind; uint64_t len; } f;
	char path[300];
	static char chunk[1 << 16];
	int head, data, out;
	uint64_t len;
	ssize_t n;
	FILE *in = fdopen(fd, "r");

	if (!in)
		return false;
	snprintf(path, sizeof(path), "%s/blob.head", dir);
	head = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	snprintf(path, sizeof(path), "%s/blob.data", dir);
	data = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	*failed = false;
	while (fread(&f, sizeof(f), 1, in) == 1) {
		if (memcmp(f.magic, "BLOB", 4)) {
			ksft_print_msg("blob store: bad frame\n");
			break;
		}
		if (f.kind == 3)
			*failed = true;
		out = f.kind == 2 ? head : data;
		for (len = f.len; len; len -= n) {
			n = fread(chunk, 1, len < sizeof(chunk) ? len : sizeof(chunk), in);
			if (n <= 0 || write(out, chunk, n) != n) {
				ksft_print_msg("blob store: short frame\n");
				len = n = 0;
				break;
			}
		}
	}
	fclose(in);
	close(head);
	close(data);
	return true;
}

/* Say where a crasher hangs, then kill it. */
static void stuck(pid_t pid, const char *mode)
{
	char path[64], line[256];
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/status", pid);
	f = fopen(path, "re");
	while (f && fgets(line, sizeof(line), f))
		if (!strncmp(line, "State:", 6) || !strncmp(line, "Threads:", 8))
			ksft_print_msg("crasher %d (%s) still there: %s", pid,
				       *mode ? mode : "plain", line);
	if (f)
		fclose(f);
	snprintf(path, sizeof(path), "/proc/%d/wchan", pid);
	f = fopen(path, "re");
	if (f && fgets(line, sizeof(line), f))
		ksft_print_msg("crasher %d waits in %s\n", pid, line);
	if (f)
		fclose(f);
	kill(pid, SIGKILL);
}

/*
 * One server with @opts for @n crashes of ./crasher @modes[i] ("" for a
 * plain crasher). Fills @c[i]. With @blob the server streams to the
 * blob store. Returns false if the run did not get as far as reports.
 */
static bool run(const char *const *opts, const char *const *modes, int n,
		struct crash *c, bool blob)
{
	char *argv[32], count[16];
	int out[2], bl[2] = { -1, -1 }, i, k = 0, status = 0;
	char line[1024];
	pid_t srv;
	FILE *f;
	bool failed, ok = true;
	struct timespec t0, t1;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	memset(c, 0, n * sizeof(*c));
	skip_why = kernel_lacks[0] ? kernel_lacks : NULL;
	for (i = 0; !skip_why && i < n; i++)
		skip_why = needs_mmu(modes[i]);
	if (skip_why)
		return false;
	crash_no++;
	snprintf(count, sizeof(count), "%d", n);
	argv[k++] = "./coredump-server";
	argv[k++] = "--socket";
	argv[k++] = sock_path;
	argv[k++] = "--out";
	argv[k++] = dir;
	argv[k++] = "--count";
	argv[k++] = count;
	argv[k++] = "--timeout";
	argv[k++] = "20";
	argv[k++] = "--log";
	snprintf(c[0].log, sizeof(c[0].log), "%s/records.%d", dir, crash_no);
	argv[k++] = c[0].log;
	unlink(c[0].log);
	if (blob) {
		argv[k++] = "--blob-fd";
		argv[k++] = "3";
	}
	while (*opts && k < 30)
		argv[k++] = (char *)*opts++;
	argv[k] = NULL;

	if (pipe2(out, O_CLOEXEC) || (blob && pipe2(bl, O_CLOEXEC)))
		return false;
	srv = spawn(argv, out[1], bl[1]);
	close(out[1]);
	if (bl[1] >= 0)
		close(bl[1]);
	f = fdopen(out[0], "r");
	if (srv < 0 || !f || !fgets(line, sizeof(line), f) ||
	    strncmp(line, "ready", 5)) {
		ksft_print_msg("coredump-server did not get ready\n");
		ok = false;
		goto out;
	}

	for (i = 0; i < n; i++) {
		char *cargv[] = { "./crasher", "0", (char *)modes[i], NULL };

		if (!*modes[i])
			cargv[2] = NULL;
		c[i].pid = spawn(cargv, -1, -1);
		if (c[i].pid < 0) {
			ok = false;
			break;
		}
		/* One at a time: the reports come in order. */
		if (blob && i == n - 1)
			break;
		c[i].reaped = reap(c[i].pid, &c[i].status, 30000);
		if (!c[i].reaped)
			stuck(c[i].pid, modes[i]);
		/* It exited: it could not shape its memory, no crash will come. */
		if (c[i].reaped && WIFEXITED(c[i].status)) {
			kill(srv, SIGTERM);
			break;
		}
	}
	if (blob && ok) {
		blob_store(bl[0], &failed);
		bl[0] = -1;
		c[n - 1].reaped = reap(c[n - 1].pid, &c[n - 1].status, 60000);
	}
out:
	if (bl[0] >= 0)
		close(bl[0]);
	/* It ends after @n crashes, or its --timeout without one. */
	if (srv > 0 && !reap(srv, &status, 30000)) {
		ksft_print_msg("coredump-server still running: killed\n");
		kill(srv, SIGTERM);
		if (!reap(srv, &status, 5000)) {
			kill(srv, SIGKILL);
			reap(srv, &status, 5000);
		}
	}
	for (i = 0; ok && i < n; i++) {
		if (!fgets(c[i].line, sizeof(c[i].line), f)) {
			ksft_print_msg("coredump-server: %d of %d reports, then EOF (its wait status %#x)\n",
				       i, n, status);
			break;
		}
		parse(&c[i]);
		if (c[i].error)
			ksft_print_msg("server: %s", c[i].line);
		if (i)
			strcpy(c[i].log, c[0].log);
	}
	if (f)
		fclose(f);
	for (i = 0; i < n; i++)
		if (c[i].pid > 0 && !c[i].reaped) {
			kill(c[i].pid, SIGKILL);
			c[i].reaped = reap(c[i].pid, &c[i].status, 5000);
		}
	for (i = 0; i < n; i++)
		if (c[i].reaped && WIFEXITED(c[i].status))
			switch (WEXITSTATUS(c[i].status)) {
			case 3:
				skip_why = "the crasher could not map its memory";
				break;
			case 5:
				skip_why = "the crasher could not start its threads";
				break;
			case 6:
				skip_why = "the crasher could not wipe the end of its stack";
				break;
			}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	ksft_print_msg("run %d (%s%s): %.1f s\n", crash_no,
		       *modes[0] ? modes[0] : "plain", n > 1 ? ", ..." : "",
		       t1.tv_sec - t0.tv_sec + (t1.tv_nsec - t0.tv_nsec) / 1e9);
	restore_pattern();
	return ok && c[n - 1].reported;
}

static bool run1(const char *const *opts, const char *mode, struct crash *c)
{
	const char *modes[] = { mode };

	return run(opts, modes, 1, c, false);
}

/* ---- checks ---- */

static bool died(const struct crash *c, bool core)
{
	if (!c->reaped || !WIFSIGNALED(c->status) ||
	    (WTERMSIG(c->status) != SIGSEGV && core) ||
	    !!WCOREDUMP(c->status) != core) {
		ksft_print_msg("crasher %d: expected SIGSEGV %s, got %s status %#x\n",
			       c->pid, core ? "with a core" : "without a core",
			       c->reaped ? "wait" : "no", c->status);
		return false;
	}
	return true;
}

static bool reported(const struct crash *c, const char *mode)
{
	if (!c->reported) {
		ksft_print_msg("no report from the server\n");
		return false;
	}
	if (c->error || c->mark != CD_MARK_REQACK || strcmp(c->mode, mode)) {
		ksft_print_msg("expected a clean %s dump, server said: %s",
			       mode, c->line);
		return false;
	}
	return true;
}

/* A clean, complete dump in @mode, and a crasher that dumped core. */
static bool dumped(const struct crash *c, const char *mode)
{
	bool ok = reported(c, mode) && died(c, true);

	if (ok && (!c->complete || (strcmp(mode, "plain") && c->end != 1))) {
		ksft_print_msg("dump not complete: %s", c->line);
		ok = false;
	}
	return ok;
}

/* Records: exactly the preamble, the dump and one header per record. */
static bool records_overhead(const struct crash *c)
{
	uint64_t data = strcmp(c->mode, "sparse") ? c->dump : 0;
	uint64_t want = PREAMBLE + (c->data + c->zero + c->end) * HDR;

	if (!strcmp(c->mode, "records") && c->socket != want + data) {
		ksft_print_msg("records: socket %" PRIu64 ", expected %zu + %" PRIu64
			       " + %" PRIu64 " headers\n", c->socket, PREAMBLE,
			       c->dump, c->data + c->zero + c->end);
		return false;
	}
	if (!strcmp(c->mode, "records") && c->zero) {
		ksft_print_msg("records without SPARSE: %" PRIu64 " ZERO records\n",
			       c->zero);
		return false;
	}
	return true;
}

struct core {
	int fd;
	unsigned char *cache;	/* CACHE bytes of the file at cache_off */
	uint64_t cache_off;
	struct stat st;
	Elf64_Ehdr eh;
	Elf64_Phdr *ph;
	unsigned int phnum;
	unsigned int threads;
};

static void core_close(struct core *k)
{
	free(k->cache);
	k->cache = NULL;
	if (k->fd >= 0)
		close(k->fd);
	free(k->ph);
	k->ph = NULL;
	k->fd = -1;
}

/*
 * Open a core file and check that it is a valid ELF core of @pid: ELF64
 * ET_CORE header, program headers and segments inside the file, notes
 * with the crasher's NT_PRSTATUS (and NT_SIGINFO).
 */
static bool core_open(const char *path, pid_t pid, struct core *k)
{
	bool prstatus = false, siginfo = false;
	unsigned char *notes;
	unsigned int i;

	memset(k, 0, sizeof(*k));
	k->fd = open(path, O_RDONLY | O_CLOEXEC);
	if (k->fd < 0 || fstat(k->fd, &k->st) ||
	    pread(k->fd, &k->eh, sizeof(k->eh), 0) != sizeof(k->eh)) {
		ksft_print_msg("%s: cannot read an ELF header: %s\n", path,
			       strerror(errno));
		return false;
	}
	if (memcmp(k->eh.e_ident, ELFMAG, SELFMAG) ||
	    k->eh.e_ident[EI_CLASS] != ELFCLASS64 || k->eh.e_type != ET_CORE ||
	    k->eh.e_phentsize != sizeof(Elf64_Phdr) || !k->eh.e_phnum ||
	    k->eh.e_phnum == PN_XNUM) {
		ksft_print_msg("%s: not an ELF64 core with program headers\n",
			       path);
		return false;
	}
	k->phnum = k->eh.e_phnum;
	k->ph = calloc(k->phnum, sizeof(*k->ph));
	if (!k->ph || pread(k->fd, k->ph, k->phnum * sizeof(*k->ph),
			    k->eh.e_phoff) != (ssize_t)(k->phnum * sizeof(*k->ph))) {
		ksft_print_msg("%s: program headers past the end\n", path);
		return false;
	}
	for (i = 0; i < k->phnum; i++) {
		const Elf64_Phdr *p = &k->ph[i];

		if (p->p_filesz && (p->p_offset > (uint64_t)k->st.st_size ||
				    p->p_filesz > k->st.st_size - p->p_offset)) {
			ksft_print_msg("%s: segment %u [%" PRIu64 ", +%" PRIu64
				       ") past the end (%lld bytes)\n", path, i,
				       p->p_offset, p->p_filesz,
				       (long long)k->st.st_size);
			return false;
		}
		if (p->p_type == PT_LOAD && p->p_filesz > p->p_memsz) {
			ksft_print_msg("%s: segment %u: filesz > memsz\n", path, i);
			return false;
		}
		if (p->p_type != PT_NOTE || !p->p_filesz)
			continue;
		notes = malloc(p->p_filesz);
		if (!notes || pread(k->fd, notes, p->p_filesz, p->p_offset) !=
		    (ssize_t)p->p_filesz ||
		    !check_notes(notes, p->p_filesz, pid, &prstatus, &siginfo,
				 &k->threads)) {
			free(notes);
			ksft_print_msg("%s: bad notes\n", path);
			return false;
		}
		free(notes);
	}
	/* binfmt_elf_fdpic, the loader without an MMU, writes no NT_SIGINFO. */
	if (!prstatus || (!siginfo && have_mmu)) {
		ksft_print_msg("%s: NT_PRSTATUS %s, NT_SIGINFO %s\n", path,
			       prstatus ? "found" : "missing",
			       siginfo ? "found" : "missing");
		return false;
	}
	return true;
}

/*
 * The page at file offset @off, read CACHE bytes at a time: the cores are
 * read page by page, and a syscall per page is slow in UML.
 */
#define CACHE	(1U << 20)

static bool core_read(struct core *k, uint64_t off, unsigned char *page)
{
	ssize_t n;

	if (!k->cache) {
		k->cache = malloc(CACHE);
		if (!k->cache)
			return false;
		k->cache_off = UINT64_MAX;
	}
	if (k->cache_off == UINT64_MAX || off < k->cache_off ||
	    off + PG > k->cache_off + CACHE) {
		k->cache_off = off & ~(uint64_t)(PG - 1);
		n = pread(k->fd, k->cache, CACHE, k->cache_off);
		if (n < 0)
			return false;
		memset(k->cache + n, 0, CACHE - n);
	}
	if (off + PG > (uint64_t)k->st.st_size)
		return false;
	memcpy(page, k->cache + (off - k->cache_off), PG);
	return true;
}

/* The page at @vaddr as the core has it; false if no segment has it. */
static bool core_page(struct core *k, uint64_t vaddr, unsigned char *page)
{
	unsigned int i;

	for (i = 0; i < k->phnum; i++) {
		const Elf64_Phdr *p = &k->ph[i];
		uint64_t at = vaddr - p->p_vaddr;

		if (p->p_type != PT_LOAD || vaddr < p->p_vaddr ||
		    at + PG > p->p_memsz)
			continue;
		if (at + PG <= p->p_filesz)
			return core_read(k, p->p_offset + at, page);
		memset(page, 0, PG);
		return at >= p->p_filesz;
	}
	return false;
}

/*
 * The crasher's region of @pages pages at @vaddr: its first and last
 * @data pages hold the pattern of @pid, all other pages are zeroes.
 */
static bool check_region(struct core *k, uint64_t vaddr,
			 uint64_t pages, uint64_t data, pid_t pid)
{
	static unsigned char page[PG], want[PG];
	uint64_t val = CRASHER_PATTERN(pid), i;
	bool is_data;

	for (i = 0; i < PG / sizeof(val); i++)
		memcpy(want + i * sizeof(val), &val, sizeof(val));
	for (i = 0; i < pages; i++) {
		if (!core_page(k, vaddr + i * PG, page)) {
			ksft_print_msg("core: no segment has page %#" PRIx64 "\n",
				       vaddr + i * PG);
			return false;
		}
		is_data = i < data || i >= pages - data;
		if (is_data ? memcmp(page, want, PG) :
			      page[0] || memcmp(page, page + 1, PG - 1)) {
			ksft_print_msg("core: page %" PRIu64 " of %" PRIu64
				       " at %#" PRIx64 ": expected %s\n", i,
				       pages, vaddr + i * PG,
				       is_data ? "the pattern" : "zeroes");
			return false;
		}
	}
	return true;
}

/* The PT_LOAD of the crasher's region: @pages pages, fully dumped. */
static const Elf64_Phdr *core_region(const struct core *k, uint64_t pages)
{
	unsigned int i;

	for (i = 0; i < k->phnum; i++)
		if (k->ph[i].p_type == PT_LOAD &&
		    k->ph[i].p_memsz == pages * PG &&
		    k->ph[i].p_filesz == pages * PG)
			return &k->ph[i];
	ksft_print_msg("core: no PT_LOAD of %" PRIu64 " pages\n", pages);
	return NULL;
}

/* The reassembled core of @c: valid, with the region of its mode. */
static bool check_core(const struct crash *c, struct core *k, uint64_t pages,
		       uint64_t data)
{
	const Elf64_Phdr *p;

	if (!core_open(c->file, c->pid, k))
		return false;
	if ((uint64_t)k->st.st_size != c->dump) {
		ksft_print_msg("%s: %lld bytes, the dump was %" PRIu64 "\n",
			       c->file, (long long)k->st.st_size, c->dump);
		return false;
	}
	if (!pages)
		return true;
	p = core_region(k, pages);
	return p && check_region(k, p->p_vaddr, pages, data, c->pid);
}

/*
 * @a and @b are cores of two crashes of one program in one mode, whose
 * layout is the same (no randomization). A crash cannot be dumped twice,
 * so "the same core" is: same size, same ELF and program headers, and
 * every page of every PT_LOAD the same but the few that hold what differs
 * from one process to the next: the pid (in the pattern pages, which
 * check_region() checks against each crash's own pid), AT_RANDOM and
 * what glibc derives from it (stack canary, pointer guard). The notes
 * (pid, times) are checked by core_open(), not compared.
 */
#define MAX_DIFF_PAGES	8

static bool same_core(struct core *a, struct core *b,
		      const char *what)
{
	static unsigned char pa[PG], pb[PG];
	uint64_t off, at[MAX_DIFF_PAGES], diff = 0;
	unsigned int i;

	if (a->st.st_size != b->st.st_size ||
	    memcmp(&a->eh, &b->eh, sizeof(a->eh)) || a->phnum != b->phnum ||
	    memcmp(a->ph, b->ph, a->phnum * sizeof(*a->ph))) {
		ksft_print_msg("%s: size or layout differ: %lld and %lld bytes\n",
			       what, (long long)a->st.st_size,
			       (long long)b->st.st_size);
		return false;
	}
	for (i = 0; i < a->phnum; i++) {
		const Elf64_Phdr *p = &a->ph[i];

		if (p->p_type != PT_LOAD)
			continue;
		for (off = 0; off < p->p_filesz; off += PG) {
			if (!core_read(a, p->p_offset + off, pa) ||
			    !core_read(b, p->p_offset + off, pb))
				return false;
			if (memcmp(pa, pb, PG) && diff++ < MAX_DIFF_PAGES)
				at[diff - 1] = p->p_vaddr + off;
		}
	}
	ksft_print_msg("%s: same size and layout, %" PRIu64 " pages differ (at most %d may)\n",
		       what, diff, MAX_DIFF_PAGES);
	for (i = 0; diff > MAX_DIFF_PAGES && i < MAX_DIFF_PAGES; i++)
		ksft_print_msg("page %#" PRIx64 " differs\n", at[i]);
	return diff <= MAX_DIFF_PAGES;
}

/* The records the server logged, in order: "D off len", "Z ..", "E off". */
struct rec {
	char type;
	uint64_t off, len;
};

static struct rec *read_log(const char *path, size_t *n)
{
	struct rec *r = NULL, *q;
	size_t cap = 0;
	char line[128];
	FILE *f = fopen(path, "re");

	*n = 0;
	if (!f)
		return NULL;
	while (fgets(line, sizeof(line), f)) {
		if (*n == cap) {
			cap = cap ? cap * 2 : 256;
			q = realloc(r, cap * sizeof(*r));
			if (!q)
				break;
			r = q;
		}
		memset(&r[*n], 0, sizeof(*r));
		if (sscanf(line, "%c %" SCNu64 " %" SCNu64, &r[*n].type,
			   &r[*n].off, &r[*n].len) >= 2)
			(*n)++;
	}
	fclose(f);
	return r;
}

/*
 * A ZERO record of at least @min bytes with DATA right before and after
 * it, and END last.
 */
static bool zero_between_data(const char *log, uint64_t min, bool at_end)
{
	size_t n, i;
	struct rec *r = read_log(log, &n);
	bool ok = false;

	if (!r || n < 2 || r[n - 1].type != 'E') {
		ksft_print_msg("records: no END last (%zu records)\n", n);
		free(r);
		return false;
	}
	for (i = 1; i + 1 < n && !ok; i++)
		ok = r[i].type == 'Z' && r[i].len >= min && r[i - 1].type == 'D' &&
		     (at_end ? i + 2 == n : r[i + 1].type == 'D');
	if (!ok)
		ksft_print_msg("records: no DATA, ZERO of >= %" PRIu64 " bytes, %s\n",
			       min, at_end ? "END" : "DATA");
	for (i = n > 4 ? n - 4 : 0; !ok && i < n; i++)
		ksft_print_msg("record %zu of %zu: %c %" PRIu64 " %" PRIu64 "\n",
			       i, n, r[i].type, r[i].off, r[i].len);
	free(r);
	return ok;
}

/*
 * The result of a case of a shaped crash: SKIP when the crasher could not
 * shape its memory (exits 3, 5, 6 of ./crasher), which is no fault of the
 * kernel's.
 */
static void result(bool ok, const char *name)
{
	if (skip_why)
		ksft_test_result_skip("%s: %s\n", name, skip_why);
	else
		ksft_test_result(ok, "%s\n", name);
}

static void figure(const char *name, const struct crash *c, const char *up)
{
	ksft_print_msg("figure: %s socket=%" PRIu64 " dump=%" PRIu64
		       " socket_per_dump=%.3f%%%s%s\n", name, c->socket, c->dump,
		       c->dump ? 100.0 * c->socket / c->dump : 0,
		       *up ? " " : "", up);
}

/* ---- the server's own checks, on streams of our own ---- */

/* A record header at @at of @b; returns where the next byte goes. */
static size_t put(unsigned char *b, size_t at, uint32_t size, uint32_t type,
		  uint64_t flags, uint64_t off, uint64_t len)
{
	struct cd_record r = { size, type, flags, off, len };

	memcpy(b + at, &r, sizeof(r));
	if (size <= sizeof(r))
		return at + sizeof(r);
	memset(b + at + sizeof(r), 0x5a, size - sizeof(r));
	return at + size;
}

/* A DATA record of 8 bytes at @off. */
static size_t put_data(unsigned char *b, size_t at, uint64_t off)
{
	at = put(b, at, HDR, CD_RECORD_DATA, 0, off, 8);
	memset(b + at, 0xab, 8);
	return at + 8;
}

/*
 * Play the kernel to ./coredump-server --fd: request, (its ack), mark,
 * then @len bytes of @stream and EOF. Its report must have @error in
 * its error (or no error if NULL) and @want in it.
 */
static bool feed(const unsigned char *stream, size_t len, bool sparse,
		 const char *error, const char *want, const char *what)
{
	struct cd_req req = { sizeof(req), sizeof(struct cd_ack), CD_MASK_74 };
	char *argv[] = { "./coredump-server", "--fd", "3", "--records",
			 sparse ? "--sparse" : NULL, NULL };
	char line[1024] = "", *err;
	struct cd_ack ack;
	uint32_t mark = CD_MARK_REQACK;
	int sv[2], out[2], status;
	bool ok = false;
	FILE *f = NULL;
	pid_t pid;

	if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv))
		return false;
	if (pipe2(out, O_CLOEXEC)) {
		close(sv[0]);
		close(sv[1]);
		return false;
	}
	pid = spawn(argv, out[1], sv[1]);
	close(out[1]);
	close(sv[1]);
	if (pid > 0 &&
	    send(sv[0], &req, sizeof(req), MSG_NOSIGNAL) == sizeof(req) &&
	    recv(sv[0], &ack, sizeof(ack), MSG_WAITALL) == sizeof(ack) &&
	    send(sv[0], &mark, sizeof(mark), MSG_NOSIGNAL) == sizeof(mark) &&
	    send(sv[0], stream, len, MSG_NOSIGNAL) == (ssize_t)len) {
		shutdown(sv[0], SHUT_WR);
		f = fdopen(out[0], "r");
		if (f && fgets(line, sizeof(line), f)) {
			err = strstr(line, " error=");
			ok = strstr(line, want) &&
			     (error ? err && strstr(err, error) : !err);
		}
	}
	close(sv[0]);
	if (f)
		fclose(f);
	else
		close(out[0]);
	if (pid > 0 && !reap(pid, &status, 5000)) {
		kill(pid, SIGKILL);
		reap(pid, &status, 5000);
	}
	if (!ok)
		ksft_print_msg("%s: expected %s%s%s and \"%s\", server said: %s%s",
			       what, error ? "error \"" : "no error",
			       error ? error : "", error ? "\"" : "", want,
			       line[0] ? line : "nothing", line[0] ? "" : "\n");
	return ok;
}

static void case_server_checks(void)
{
	static unsigned char b[1024];
	bool ok = true;
	size_t n;

	n = put_data(b, 0, 0);
	n = put(b, n, HDR + 8, CD_RECORD_ZERO, 0, 8, 4096);
	n = put(b, n, HDR, CD_RECORD_END, 0, 4104, 0);
	ok &= feed(b, n, true, NULL, " dump=4104 data=1 zero=1 end=1 complete=1",
		   "DATA, ZERO (a header with a tail it does not know), END");
	n = put_data(b, 0, 0);
	ok &= feed(b, n, true, NULL, " complete=0", "EOF before END");
	n = put_data(b, 0, 0);
	ok &= feed(b, n - 4, true, "EOF inside the DATA record at 0: 4 of 8 bytes",
		   " complete=0", "EOF inside DATA");
	n = put(b, put_data(b, 0, 0), HDR, CD_RECORD_END, 0, 8, 0);
	ok &= feed(b, n - 12, true, "EOF inside a", " complete=0",
		   "EOF inside a header");
	ok &= feed(b, n - HDR + 2, true, "EOF inside a record header",
		   " complete=0", "EOF inside a header's size");
	n = put(b, 0, 16, CD_RECORD_DATA, 0, 0, 8);
	ok &= feed(b, n, true, "record size 16 < 32", "", "size 16");
	n = put(b, 0, HDR, CD_RECORD_DATA, 1, 0, 0);
	ok &= feed(b, n, true, "unknown flags", "", "flags 1");
	n = put(b, 0, HDR, 7, 0, 0, 0);
	ok &= feed(b, n, true, "unknown type 7", "", "type 7");
	n = put_data(b, put_data(b, 0, 0), 16);
	ok &= feed(b, n, true, "a gap", "", "a gap");
	n = put_data(b, put_data(b, 0, 0), 4);
	ok &= feed(b, n, true, "an overlap", "", "an overlap");
	n = put(b, put_data(b, 0, 0), HDR, CD_RECORD_END, 0, 8, 0);
	n = put_data(b, n, 8);
	ok &= feed(b, n, true, "bytes after END", "", "DATA after END");
	n = put(b, put_data(b, 0, 0), HDR, CD_RECORD_END, 0, 8, 1);
	ok &= feed(b, n, true, "END with len 1", "", "END with len 1");
	n = put(b, 0, HDR, CD_RECORD_ZERO, 0, 0, 4096);
	n = put(b, n, HDR, CD_RECORD_END, 0, 4096, 0);
	ok &= feed(b, n, false, "ZERO record without SPARSE", "",
		   "ZERO without SPARSE");
	ksft_test_result(ok, "coredump-server: checks size, flags, type, order, END and ZERO of a stream, and that it ends on a record boundary\n");
}

/* ---- the cases ---- */

static uint64_t kernel_mask;

static void case_refused(uint64_t mask, uint32_t mark, const char *name)
{
	char m[32];
	const char *opts[] = { "--ack-mask", m, NULL };
	struct crash c;
	bool ok;

	snprintf(m, sizeof(m), "%#" PRIx64, mask);
	ok = run1(opts, "", &c);
	if (ok && (c.mark != (int)mark || c.dump || c.error)) {
		ksft_print_msg("ack %#" PRIx64 ": expected mark %u and no dump, server said: %s",
			       mask, mark, c.line);
		ok = false;
	}
	if (!skip_why && !died(&c, false))
		ok = false;
	result(ok, name);
}

/* The same crash in the three modes; the cores are checked and compared. */
static void case_big(void)
{
	static const char *const plain[] = { NULL };
	static const char *const records[] = { "--records", NULL };
	static const char *const sparse[] = { "--sparse", NULL };
	struct crash p, r, s;
	struct core kp = { .fd = -1 }, kr = { .fd = -1 }, ks = { .fd = -1 };
	uint64_t pages = CRASHER_BIG_SIZE / PG;
	bool ok;

	/* Plain: the reference. */
	ok = run1(plain, "big", &p) && dumped(&p, "plain") &&
	     check_core(&p, &kp, pages, 1);
	if (ok)
		figure("coredump-256m-plain", &p, "");
	result(ok, "256 MiB NORESERVE, plain stream: ELF core, pattern pages, zeroes between");

	ok = run1(records, "big", &r) && dumped(&r, "records") &&
	     records_overhead(&r) && check_core(&r, &kr, pages, 1);
	if (ok) {
		figure("coredump-256m-records", &r,
		       "upstream_socket=271009312 upstream_dump=268890112");
		if (r.socket - r.dump >= r.dump / 100) {
			ksft_print_msg("records: overhead of 1%% or more\n");
			ok = false;
		}
	}
	if (ok && kp.fd >= 0)
		ok = same_core(&kp, &kr, "records vs plain");
	result(ok, "256 MiB, RECORDS: no ZERO, bytes = dump + headers (< 1%), same core as plain");

	ok = run1(sparse, "big", &s) && dumped(&s, "sparse") &&
	     zero_between_data(s.log, CRASHER_BIG_SIZE - 2 * PG, false) &&
	     check_core(&s, &ks, pages, 1);
	if (ok) {
		figure("coredump-256m-sparse", &s,
		       "upstream_socket=188793 upstream_dump=268890112");
		if (s.dump <= CRASHER_BIG_SIZE || s.socket > s.dump / 100 ||
		    (uint64_t)ks.st.st_blocks * 512 > s.dump / 100) {
			ksft_print_msg("sparse: %" PRIu64 " bytes on the socket, %lld on disk, dump %" PRIu64 "\n",
				       s.socket, (long long)ks.st.st_blocks * 512,
				       s.dump);
			ok = false;
		}
		if (s.socket > 2 * UP_BIG_SPARSE)
			ksft_print_msg("sparse: more than twice upstream's %llu bytes\n",
				       UP_BIG_SPARSE);
	}
	if (ok && kp.fd >= 0)
		ok = same_core(&kp, &ks, "sparse vs plain");
	result(ok, "256 MiB, RECORDS|SPARSE: DATA..ZERO..DATA..END, core > 256 MiB, same as plain");
	core_close(&kp);
	core_close(&kr);
	core_close(&ks);
}

static void case_hole(void)
{
	static const char *const sparse[] = { "--sparse", NULL };
	struct core k = { .fd = -1 };
	struct crash c;
	bool ok;

	ok = run1(sparse, "hole", &c) && dumped(&c, "sparse") &&
	     zero_between_data(c.log, (CRASHER_HOLE_PAGES -
				       2 * CRASHER_HOLE_DATA) * PG, false) &&
	     check_core(&c, &k, CRASHER_HOLE_PAGES, CRASHER_HOLE_DATA);
	core_close(&k);
	result(ok, "RECORDS|SPARSE: a hole in the middle of a mapping is one ZERO record");
}

/*
 * A dump that ends in a hole: the records end with ZERO and END, and the
 * server extends the file to END's offset; the plain stream of the same
 * program is the same dump, so the kernel writes it to that length too
 * (its last byte, a zero, covers the hole), not a byte more or less.
 */
static void case_tail(void)
{
	static const char *const sparse[] = { "--sparse", NULL };
	static const char *const plain[] = { NULL };
	const char *name = "a dump that ends in a hole: RECORDS|SPARSE ZERO, END, file extended; the plain stream as long";
	struct core k = { .fd = -1 };
	struct crash c, p;
	bool ok;

	ok = run1(sparse, "tail", &c) && dumped(&c, "sparse") &&
	     zero_between_data(c.log, CRASHER_TAIL_PAGES * PG, true) &&
	     check_core(&c, &k, 0, 0) &&
	     run1(plain, "tail", &p) && dumped(&p, "plain");
	if (ok && p.dump != c.dump) {
		ksft_print_msg("plain stream %" PRIu64 " bytes, the records' END says %" PRIu64 "\n",
			       p.dump, c.dump);
		ok = false;
	}
	if (ok) {
		/* The last segment fills the file, zeroes last. */
		const Elf64_Phdr *p = &k.ph[k.phnum - 1];
		static unsigned char page[PG];
		uint64_t i;

		ok = p->p_type == PT_LOAD && p->p_filesz >= CRASHER_TAIL_PAGES * PG &&
		     p->p_offset + p->p_filesz == (uint64_t)k.st.st_size;
		for (i = 1; ok && i <= CRASHER_TAIL_PAGES; i++)
			ok = core_page(&k, p->p_vaddr + p->p_filesz - i * PG, page) &&
			     !page[0] && !memcmp(page, page + 1, PG - 1);
		if (!ok)
			ksft_print_msg("last segment: %" PRIu64 " bytes at %" PRIu64 ", file %lld bytes; expected it to end the file with %lu pages of zeroes\n",
				       p->p_filesz, p->p_offset,
				       (long long)k.st.st_size, CRASHER_TAIL_PAGES);
	}
	core_close(&k);
	result(ok, name);
}

static void case_threads(void)
{
	static const char *const plain[] = { NULL };
	static const char *const records[] = { "--records", NULL };
	static const char *const sparse[] = { "--sparse", NULL };
	struct core k = { .fd = -1 };
	struct crash p, r, s;
	bool ok;

	ok = run1(plain, "threads", &p) && dumped(&p, "plain") &&
	     run1(records, "threads", &r) && dumped(&r, "records") &&
	     records_overhead(&r) &&
	     run1(sparse, "threads", &s) && dumped(&s, "sparse") &&
	     check_core(&s, &k, 0, 0);
	if (ok) {
		figure("coredump-128threads-plain", &p, "");
		figure("coredump-128threads-records", &r, "");
		figure("coredump-128threads-sparse", &s,
		       "upstream_socket=1424153 upstream_dump=1075150848");
		if (k.threads != CRASHER_THREADS + 1 ||
		    s.dump < CRASHER_THREADS * CRASHER_STACK ||
		    p.dump != r.dump || r.dump != s.dump ||
		    s.socket > s.dump / 100) {
			ksft_print_msg("threads: %u NT_PRSTATUS; dumps %" PRIu64 "/%" PRIu64 "/%" PRIu64 ", sparse socket %" PRIu64 "\n",
				       k.threads, p.dump, r.dump, s.dump,
				       s.socket);
			ok = false;
		}
		if (s.socket > 2 * UP_THREADS_SPARSE)
			ksft_print_msg("sparse: more than twice upstream's %llu bytes\n",
				       UP_THREADS_SPARSE);
	}
	core_close(&k);
	result(ok, "128 threads with 8 MiB stacks: plain, RECORDS, RECORDS|SPARSE");
}

/*
 * The size the ELF header and program headers at the head of the core
 * @path promise: where the last segment's bytes end, and at least where
 * the table of program headers ends (a dump cut short may not hold all
 * of it). 0 if it is no ELF file.
 */
static uint64_t core_promised(const char *path)
{
	Elf64_Ehdr eh;
	Elf64_Phdr ph;
	uint64_t end = 0;
	unsigned int i;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return 0;
	if (pread(fd, &eh, sizeof(eh), 0) == sizeof(eh) &&
	    !memcmp(eh.e_ident, ELFMAG, SELFMAG)) {
		end = eh.e_phoff + eh.e_phnum * sizeof(ph);
		for (i = 0; i < eh.e_phnum; i++) {
			if (pread(fd, &ph, sizeof(ph),
				  eh.e_phoff + i * sizeof(ph)) != sizeof(ph))
				break;
			if (ph.p_offset + ph.p_filesz > end)
				end = ph.p_offset + ph.p_filesz;
		}
	}
	close(fd);
	return end;
}

/* The crasher of the large cases: 256 MiB, or what one NOMMU piece holds. */
static const char *large_mode(void)
{
	return have_mmu ? "big" : "fit";
}

static uint64_t large_size(void)
{
	return have_mmu ? CRASHER_BIG_SIZE : CRASHER_FIT_SIZE;
}

/*
 * RECORDS without SPARSE, the task killed once the dump reached each of
 * @kill_at: the kernel sends every record whole, so the stream stops
 * where the next header would begin. The server fails a stream that ends
 * inside a record; here it must report no error, no END, and exactly
 * the preamble, whole headers and their bytes on the socket, short of
 * the size the core's own program headers promise.
 */
#define WMEM_DEFAULT	"/proc/sys/net/core/wmem_default"

/* Write @val to @path; false if it would not take it. */
static bool write_str(const char *path, const char *val)
{
	int fd = open(path, O_WRONLY | O_CLOEXEC);
	bool ok;

	if (fd < 0)
		return false;
	ok = write(fd, val, strlen(val)) == (ssize_t)strlen(val);
	close(fd);
	return ok;
}

/*
 * Make the send buffer of new sockets the smallest the guest allows, so
 * that a record fits in one skb only if the kernel raises the coredump
 * socket's own. Keeps the old value in @old; false if none could be set.
 */
static bool small_wmem_default(char *old, size_t n)
{
	static const char *const sizes[] = { "4608", "6144", "8192" };
	ssize_t len;
	unsigned int i;
	int fd = open(WMEM_DEFAULT, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return false;
	len = read(fd, old, n - 1);
	close(fd);
	if (len <= 0)
		return false;
	old[len] = 0;
	for (i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++)
		if (write_str(WMEM_DEFAULT, sizes[i])) {
			ksft_print_msg("net.core.wmem_default %s for this crash\n",
				       sizes[i]);
			return true;
		}
	return false;
}

/*
 * RECORDS without SPARSE, the task killed once the dump reached each of
 * @kill_at: the kernel sends every record whole, so the stream stops
 * where the next header would begin. The server fails a stream that ends
 * inside a record; here it must report no error, no END, and exactly
 * the preamble, whole headers and their bytes on the socket, short of
 * the size the core's own program headers promise. The last kill comes
 * with the smallest default send buffer, where a record goes out in one
 * piece only because the kernel makes room for it.
 */
static void case_killed(void)
{
	uint64_t size = large_size();
	const uint64_t kill_at[] = { 1, size / 2, size - size / 8, 1 << 20 };
	const unsigned int n = sizeof(kill_at) / sizeof(kill_at[0]);
	const char *opts[] = { "--records", "--kill-at", NULL, NULL };
	char at[32], wmem[32];
	struct crash c;
	uint64_t promised;
	unsigned int i;
	bool ok = true, small = false;

	for (i = 0; ok && i < n; i++) {
		if (i == n - 1) {
			small = small_wmem_default(wmem, sizeof(wmem));
			if (!small) {
				ksft_print_msg("could not lower %s: last kill left out\n",
					       WMEM_DEFAULT);
				break;
			}
		}
		snprintf(at, sizeof(at), "%" PRIu64, kill_at[i]);
		opts[2] = at;
		ok = run1(opts, large_mode(), &c) && reported(&c, "records") &&
		     died(&c, false);
		if (small && !write_str(WMEM_DEFAULT, wmem))
			ksft_print_msg("could not restore %s\n", WMEM_DEFAULT);
		if (!ok)
			break;
		promised = core_promised(c.file);
		ksft_print_msg("killed at %" PRIu64 ": the stream ends at %" PRIu64 " of %" PRIu64 " after %" PRIu64 " DATA records\n",
			       kill_at[i], c.dump, promised, c.data);
		if (c.end || c.complete || c.data < 1 || c.dump < kill_at[i] ||
		    c.socket != PREAMBLE + c.data * HDR + c.dump ||
		    !promised || c.dump >= promised) {
			ksft_print_msg("expected whole records up to a cut before the end, no END: %s",
				       c.line);
			ok = false;
		}
	}
	result(ok, "RECORDS, task killed at 4 points, the last with the smallest send buffer: the stream ends on a record boundary, no END, short, no WCOREDUMP");
}

static void case_blob(void)
{
	static const char *const opts[] = { "--sparse", NULL };
	const char *modes[] = { large_mode() };
	uint64_t pages = large_size() / PG;
	struct core k = { .fd = -1 }, ref = { .fd = -1 };
	char head[300], data[300], core[300];
	static char chunk[1 << 16];
	int in, out;
	ssize_t n;
	struct crash c;
	const Elf64_Phdr *p = NULL;
	bool ok;

	ok = run(opts, modes, 1, &c, true) && dumped(&c, "sparse");
	/* The object: the head, then the data. */
	snprintf(head, sizeof(head), "%s/blob.head", dir);
	snprintf(data, sizeof(data), "%s/blob.data", dir);
	snprintf(core, sizeof(core), "%s/blob.core", dir);
	if (ok) {
		rename(head, core);
		in = open(data, O_RDONLY | O_CLOEXEC);
		out = open(core, O_WRONLY | O_APPEND | O_CLOEXEC);
		while (in >= 0 && out >= 0 && (n = read(in, chunk, sizeof(chunk))) > 0)
			if (write(out, chunk, n) != n)
				break;
		if (in >= 0)
			close(in);
		if (out >= 0)
			close(out);
		unlink(data);
	}
	/* Where the big mapping is: from the reassembled file of this crash. */
	ok = ok && core_open(c.file, c.pid, &ref) &&
	     (p = core_region(&ref, pages)) &&
	     core_open(core, c.pid, &k) &&
	     check_region(&k, p->p_vaddr, pages, 1, c.pid);
	/* Compact: the holes of the region, at least, are not in it. */
	if (ok && (uint64_t)k.st.st_size > c.dump - (pages - 2) * PG) {
		ksft_print_msg("blob: %lld bytes for a %" PRIu64 "-byte dump\n",
			       (long long)k.st.st_size, c.dump);
		ok = false;
	}
	if (ok)
		ksft_print_msg("blob: a %lld-byte ELF core for a %" PRIu64 "-byte dump, %u program headers\n",
			       (long long)k.st.st_size, c.dump, k.phnum);
	core_close(&k);
	core_close(&ref);
	result(ok, "blob store (not seekable): compact ELF core, holes left out, headers rewritten");
}

static void case_per_crash(void)
{
	char min[32];
	const char *opts[] = { "--sparse", "--min-vm", min, NULL };
	const char *modes[] = { "", large_mode() };
	struct crash c[2];
	bool ok;

	/* The spec's 128 MiB; NOMMU: the size of its crasher's mapping. */
	snprintf(min, sizeof(min), "%lu",
		 have_mmu ? 128UL << 20 : CRASHER_FIT_SIZE);
	ok = run(opts, modes, 2, c, false) && dumped(&c[0], "plain") &&
	     dumped(&c[1], "sparse");
	result(ok, "per crash: records only for a large virtual size (128 MiB; NOMMU: 3 MiB)");
}

int main(void)
{
	static const char *const probe_opts[] = { "--records", NULL };
	struct crash probe;
	const char *why;
	int i;

	ksft_print_header();
	ksft_set_plan(NR_CASES);
	prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);

	if (core_pattern_save()) {
		for (i = 0; i < NR_CASES; i++)
			ksft_test_result_skip("no %s\n", CORE_PATTERN);
		ksft_finished();
	}
	atexit(restore_pattern);

	/* Next to the test: the root file system, not the small /tmp. */
	snprintf(dir, sizeof(dir), "cores.%d", getpid());
	snprintf(sock_path, sizeof(sock_path), "/tmp/cd-records.%d", getpid());
	if (mkdir(dir, 0700) && errno != EEXIST)
		ksft_exit_fail_msg("mkdir %s: %s\n", dir, strerror(errno));
	atexit(remove_dir);

	have_mmu = kernel_has_mmu();

	/* Not the kernel's: the server on streams of our own. */
	case_server_checks();

	why = core_pattern_no_socket();
	if (why) {
		while (ksft_test_num() < NR_CASES)
			ksft_test_result_skip("%s\n", why);
		ksft_finished();
	}
	/* Does this kernel speak records? Its request tells. */
	if (!run1(probe_opts, "", &probe))
		ksft_exit_fail_msg("coredump-server: no report for a crash\n");
	kernel_mask = probe.req_mask;
	ksft_print_msg("kernel's req.mask %#" PRIx64 "\n", kernel_mask);
	if (!(kernel_mask & CD_RECORDS) || !(kernel_mask & CD_SPARSE))
		snprintf(kernel_lacks, sizeof(kernel_lacks),
			 "kernel lacks COREDUMP_RECORDS/SPARSE (req.mask %#" PRIx64 ")",
			 kernel_mask);

	case_refused(CD_USERSPACE | CD_RECORDS, CD_MARK_CONFLICTING,
		     "USERSPACE|RECORDS: CONFLICTING, no dump");
	case_refused(CD_KERNEL | CD_SPARSE, CD_MARK_CONFLICTING,
		     "SPARSE without RECORDS: CONFLICTING, no dump");
	case_refused(CD_REJECT | CD_RECORDS, CD_MARK_CONFLICTING,
		     "REJECT|RECORDS (RECORDS needs KERNEL): CONFLICTING, no dump");
	case_refused(CD_RECORDS | CD_SPARSE, CD_MARK_CONFLICTING,
		     "RECORDS|SPARSE without an action: CONFLICTING, no dump");
	case_refused(CD_KERNEL | CD_RECORDS | CD_SPARSE | (1ULL << 6),
		     CD_MARK_UNSUPPORTED,
		     "RECORDS|SPARSE and a bit not advertised: UNSUPPORTED, no dump");
	case_big();
	case_hole();
	case_tail();
	case_threads();
	case_killed();
	case_blob();
	case_per_crash();

	ksft_finished();
}
