// SPDX-License-Identifier: GPL-2.0
/*
 * coredump-server - a reference server for the coredump socket, with the
 * record stream of Linux 7.4 (COREDUMP_RECORDS, COREDUMP_SPARSE).
 *
 *   coredump-server [--records] [--sparse] [--out DIR] [options]
 *
 * It listens on an AF_UNIX socket, points core_pattern at it ("@@PATH",
 * restored on exit) and, for each crash, reads the kernel's request,
 * chooses the ack (per crash: see --min-vm), reads the mark and then the
 * dump: a plain byte stream, or records that it checks against every
 * rule of the protocol and reassembles. The core goes to DIR/core.PID,
 * with the holes left as holes (ZERO records and blocks of zeroes are
 * seeked over, END's offset is the file's size), or, with --blob-fd, to
 * a non-seekable "blob store" (below). One line per crash on stdout:
 *
 *   crash pid=P req_mask=0x3f ack_mask=0x31 mark=0 mode=sparse
 *         socket=BYTES dump=BYTES data=N zero=N end=1 complete=1
 *         file=PATH [error="..."]
 *
 * socket counts every byte the kernel sent on the connection (request,
 * mark and dump); dump is the dump's size (END's offset, or the bytes
 * of a plain stream). complete=1 means END came (records) or EOF
 * (plain stream, which cannot tell). mode is plain, records or sparse;
 * what the server asked for, less what the kernel did not advertise.
 *
 * Options:
 *   --socket PATH    where to listen (default /tmp/coredump-server.socket)
 *   --no-pattern     leave core_pattern alone
 *   --records        ask for COREDUMP_RECORDS (if the kernel offers it)
 *   --sparse         and COREDUMP_SPARSE (implies --records)
 *   --min-vm BYTES   records only for a task whose virtual size (vsize
 *                    of /proc/PID/stat: NOMMU has no VmSize) is >= BYTES
 *                    (decided per crash, while the kernel waits)
 *   --ack-mask MASK  send exactly this ack mask (testing refusals)
 *   --out DIR        write cores to DIR/core.PID (default: do not keep)
 *   --blob-fd FD     stream the core to FD, which need not be seekable
 *   --log FILE       one line per record: "D off len", "Z off len", "E off"
 *   --kill-at BYTES  SIGKILL the task once the DATA records reached BYTES
 *                    of the dump (1: after the first DATA record), with
 *                    the last bytes of the next record unread, once the
 *                    task waits for room on the socket
 *   --count N        exit after N crashes, or when none came for --timeout
 *                    (default: run until killed)
 *   --timeout SEC    give up on a silent kernel after SEC (default 30)
 *   --fd FD          serve the one crash of the connected socket FD, no
 *                    listening, core_pattern left alone (to test the
 *                    server with a stream of our own)
 *
 * The blob store: holes are left out and the program headers are
 * rewritten at the end, so the core is written front to back with no
 * seek. The store gets frames { "BLOB", u32 kind, u64 len } + len bytes:
 * kind 1 (DATA) carries the compacted contents of the PT_LOAD segments as
 * they arrive; one kind 2 (HEAD) frame, sent after END, carries the ELF
 * header, the rewritten program headers and the notes. The object is
 * HEAD followed by every DATA, in order: a valid ELF core in which each
 * segment is split at its holes, a hole being a PT_LOAD with p_filesz 0
 * (or the part of p_memsz beyond p_filesz). Kind 3 (FAIL, len 0) ends
 * the stream of a dump that did not complete.
 *
 * A record stream that ends before END is an incomplete dump
 * (complete=0); one that ends inside a record, header or bytes, is a
 * protocol error: the kernel sends each record whole.
 *
 * Exit status: 0 every crash was handled without a protocol error, 1 not,
 * 2 bad usage. NOMMU-safe: no fork(), nothing big kept in memory.
 */
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <inttypes.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>

#include "coredump_abi.h"
#include "core_pattern.h"

#define BUF_SIZE	(256U << 10)
#define BLOCK		4096U
/* The ELF header, program headers and notes that a blob store holds. */
#define MAX_PREFIX	(64U << 20)

#define BLOB_DATA	1U
#define BLOB_HEAD	2U
#define BLOB_FAIL	3U

struct blob_frame {
	char magic[4];
	uint32_t kind;
	uint64_t len;
};

/* A run of data in the compacted blob: dump offset, length, blob offset. */
struct run {
	uint64_t off, len, pos;
};

static struct {
	const char *socket_path;
	bool set_pattern;
	bool records, sparse;
	uint64_t min_vm;
	bool ack_mask_set;
	uint64_t ack_mask;
	const char *out_dir;
	int blob_fd;
	const char *log_path;
	uint64_t kill_at;
	unsigned long count;
	int timeout_ms;
} opt = {
	.socket_path = "/tmp/coredump-server.socket",
	.set_pattern = true,
	.blob_fd = -1,
	.timeout_ms = 30000,
};

/* One crash. */
struct crash {
	pid_t pid;
	int fd;
	struct cd_req req;
	uint64_t ack_mask;
	uint32_t mark;
	bool marked;
	const char *mode;
	uint64_t socket;	/* bytes the kernel sent */
	uint64_t dump;		/* size of the dump */
	uint64_t expect;	/* offset the next record must have */
	unsigned long data, zero, end;
	bool complete;
	bool killed;
	char file[4096];
	int out;		/* DIR/core.PID or -1 */
	FILE *log;
	char err[256];

	/* The blob store. */
	unsigned char *pre;	/* the dump's first bytes, up to the loads */
	size_t pre_cap;		/* bytes allocated for them */
	uint64_t pre_len;	/* how many of them came */
	uint64_t pre_end;	/* where the first PT_LOAD data starts */
	struct run *runs;
	size_t nr_runs, cap_runs;
	uint64_t blob_pos;	/* bytes of DATA frames sent */
};

static unsigned char buf[BUF_SIZE];

/*
 * Read nothing until the bytes queued for us stop growing: the dumping
 * task then waits for room in its send buffer, and a kill lands where
 * the kernel must send a record whole or not at all.  Ten quiet
 * milliseconds, two seconds at most.
 *
 * The kill comes with KILL_UNREAD bytes of a record left unread: the
 * send buffer then holds the skb they are in and what the task sent
 * after it.  With the coredump socket's minimum send buffer that is the
 * next record, whole; with less (net.core.wmem_default at its smallest)
 * a record takes two skbs, and the task waits between the two halves
 * of the next one, where the kill would cut it.
 */
#define KILL_UNREAD	8

static void wait_sender_blocked(int fd)
{
	struct timespec ts = { 0, 2 * 1000 * 1000 };
	int prev = -1, cur, quiet = 0, i;

	for (i = 0; i < 1000 && quiet < 5; i++) {
		if (ioctl(fd, FIONREAD, &cur))
			return;
		quiet = cur == prev ? quiet + 1 : 0;
		prev = cur;
		nanosleep(&ts, NULL);
	}
}
static volatile sig_atomic_t sock_bound;

static __attribute__((format(printf, 2, 3)))
void fail(struct crash *c, const char *fmt, ...)
{
	va_list ap;

	if (c->err[0])
		return;
	va_start(ap, fmt);
	vsnprintf(c->err, sizeof(c->err), fmt, ap);
	va_end(ap);
}

static void restore(void)
{
	core_pattern_restore();
	if (sock_bound) {
		unlink(opt.socket_path);
		sock_bound = 0;
	}
}

static void on_signal(int sig)
{
	restore();
	signal(sig, SIG_DFL);
	raise(sig);
}

/* core_pattern to our socket, the old one kept: 0 or -errno. */
static int set_pattern(void)
{
	char pattern[sizeof(((struct sockaddr_un *)0)->sun_path) + 3];
	int err = core_pattern_save();

	if (err)
		return err;
	snprintf(pattern, sizeof(pattern), "@@%s", opt.socket_path);
	return core_pattern_write(pattern, strlen(pattern));
}

static int wait_in(struct crash *c)
{
	struct pollfd pfd = { .fd = c->fd, .events = POLLIN };
	int r;

	do {
		r = poll(&pfd, 1, opt.timeout_ms);
	} while (r < 0 && errno == EINTR);
	if (r > 0)
		return 0;
	if (r)
		fail(c, "poll: %s", strerror(errno));
	else
		fail(c, "the kernel said nothing for %d ms", opt.timeout_ms);
	return -1;
}

/*
 * Read exactly @len bytes (or fewer at EOF, *eof set); counted as bytes
 * on the socket. -1 on an error.
 */
static ssize_t recv_full(struct crash *c, void *p, size_t len, bool *eof)
{
	size_t got = 0;
	ssize_t n;

	*eof = false;
	while (got < len) {
		if (wait_in(c))
			return -1;
		n = recv(c->fd, (char *)p + got, len - got, MSG_DONTWAIT);
		if (!n) {
			*eof = true;
			break;
		}
		if (n < 0) {
			if (errno == EINTR || errno == EAGAIN)
				continue;
			if (errno == ECONNRESET) {
				*eof = true;
				break;
			}
			fail(c, "recv: %s", strerror(errno));
			return -1;
		}
		got += n;
		c->socket += n;
	}
	return got;
}

/* Has the kernel closed its side of @c's connection? */
static bool hung_up(struct crash *c)
{
	struct pollfd p = { .fd = c->fd, .events = POLLRDHUP };

	return poll(&p, 1, 0) == 1 && (p.revents & (POLLRDHUP | POLLHUP));
}

/* Peek a u32 size; 0 ok, 1 EOF, -1 error. */
static int peek_size(struct crash *c, uint32_t *size)
{
	int partial_ms = 0;
	ssize_t n;

	for (;;) {
		if (wait_in(c))
			return -1;
		n = recv(c->fd, size, sizeof(*size), MSG_PEEK | MSG_DONTWAIT);
		if (n == sizeof(*size))
			return 0;
		if (!n || (n < 0 && errno == ECONNRESET))
			return 1;
		if (n < 0 && errno != EINTR && errno != EAGAIN) {
			fail(c, "recv(MSG_PEEK): %s", strerror(errno));
			return -1;
		}
		if (n > 0 && hung_up(c)) {
			/* What came before the hang-up is all there is. */
			n = recv(c->fd, size, sizeof(*size),
				 MSG_PEEK | MSG_DONTWAIT);
			if (n == sizeof(*size))
				return 0;
			fail(c, "EOF inside a record header: %zd bytes", n);
			return -1;
		}
		/* The rest of the size is on its way, for --timeout at most. */
		if (n > 0 && ++partial_ms > opt.timeout_ms) {
			fail(c, "%zd bytes of a record header, then nothing for %d ms",
			     n, opt.timeout_ms);
			return -1;
		}
		if (n > 0)
			usleep(1000);
	}
}

/* Consume @size bytes of a header: @want into @p, the rest dropped. */
static int recv_header(struct crash *c, void *p, size_t want, uint32_t size)
{
	bool eof;
	ssize_t n;

	n = recv_full(c, p, want, &eof);
	if (n != (ssize_t)want) {
		if (n >= 0)
			fail(c, "EOF inside a %u-byte header", size);
		return -1;
	}
	size -= want;
	while (size) {
		n = recv_full(c, buf, size < BUF_SIZE ? size : BUF_SIZE, &eof);
		if (n <= 0 || eof) {
			if (n >= 0)
				fail(c, "EOF inside a %u-byte header", size);
			return -1;
		}
		size -= n;
	}
	return 0;
}

/* ---- sinks: the core file, the blob store ---- */

static bool all_zero(const unsigned char *p, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++)
		if (p[i])
			return false;
	return true;
}

/* Data at @off into the core file, its blocks of zeroes as holes. */
static int file_data(struct crash *c, uint64_t off, const unsigned char *p,
		     size_t len)
{
	size_t n, done = 0;
	ssize_t w;

	while (done < len) {
		n = BLOCK - (off + done) % BLOCK;
		if (n > len - done)
			n = len - done;
		if (!all_zero(p + done, n)) {
			w = pwrite(c->out, p + done, n, off + done);
			if (w != (ssize_t)n) {
				fail(c, "write %s: %s", c->file,
				     w < 0 ? strerror(errno) : "short");
				return -1;
			}
		}
		done += n;
	}
	return 0;
}

static int blob_frame(struct crash *c, uint32_t kind, const void *p,
		      uint64_t len)
{
	struct blob_frame f = { { 'B', 'L', 'O', 'B' }, kind, len };
	const char *q = p;
	ssize_t n;

	n = write(opt.blob_fd, &f, sizeof(f));
	if (n != sizeof(f))
		goto err;
	while (len) {
		n = write(opt.blob_fd, q, len);
		if (n <= 0)
			goto err;
		q += n;
		len -= n;
	}
	return 0;
err:
	fail(c, "blob store: %s", n < 0 ? strerror(errno) : "short write");
	return -1;
}

/* Learn where the loads begin once the program headers are in. */
static void blob_layout(struct crash *c)
{
	Elf64_Ehdr eh;
	Elf64_Phdr ph;
	uint64_t end, i;

	if (c->pre_end != UINT64_MAX || c->pre_len < sizeof(eh))
		return;
	memcpy(&eh, c->pre, sizeof(eh));
	end = eh.e_phoff + (uint64_t)eh.e_phnum * sizeof(ph);
	if (memcmp(eh.e_ident, ELFMAG, SELFMAG) ||
	    eh.e_phentsize != sizeof(ph) || eh.e_phnum == PN_XNUM ||
	    end > MAX_PREFIX) {
		fail(c, "blob store: not an ELF64 core it can rewrite");
		return;
	}
	if (c->pre_len < end)
		return;
	c->pre_end = MAX_PREFIX;
	for (i = 0; i < eh.e_phnum; i++) {
		memcpy(&ph, c->pre + eh.e_phoff + i * sizeof(ph), sizeof(ph));
		if (ph.p_type == PT_LOAD && ph.p_filesz &&
		    ph.p_offset < c->pre_end)
			c->pre_end = ph.p_offset;
	}
	if (c->pre_end < end)
		fail(c, "blob store: a PT_LOAD overlaps the headers");
}

static int blob_run(struct crash *c, uint64_t off, uint64_t len)
{
	struct run *r = c->nr_runs ? &c->runs[c->nr_runs - 1] : NULL;

	if (r && r->off + r->len == off) {
		r->len += len;
	} else {
		if (c->nr_runs == c->cap_runs) {
			size_t cap = c->cap_runs ? c->cap_runs * 2 : 64;

			r = realloc(c->runs, cap * sizeof(*r));
			if (!r) {
				fail(c, "blob store: out of memory");
				return -1;
			}
			c->runs = r;
			c->cap_runs = cap;
		}
		c->runs[c->nr_runs++] = (struct run){ off, len, c->blob_pos };
	}
	c->blob_pos += len;
	return 0;
}

/*
 * Where the bytes kept for the head end: the first PT_LOAD's data once
 * the program headers are in, else as far as needed to read them.
 */
static uint64_t blob_keep(struct crash *c)
{
	Elf64_Ehdr eh;

	if (c->pre_end != UINT64_MAX)
		return c->pre_end;
	if (c->pre_len < sizeof(eh))
		return sizeof(eh);
	memcpy(&eh, c->pre, sizeof(eh));
	return eh.e_phoff + (uint64_t)eh.e_phnum * sizeof(Elf64_Phdr);
}

/* Room for @size bytes of headers. */
static int blob_grow(struct crash *c, size_t size)
{
	size_t cap = c->pre_cap ? c->pre_cap : 64U << 10;
	unsigned char *p;

	while (cap < size)
		cap *= 2;
	p = realloc(c->pre, cap);
	if (!p) {
		fail(c, "blob store: out of memory");
		return -1;
	}
	c->pre = p;
	c->pre_cap = cap;
	return 0;
}

/* Data (or zeroes, @p NULL) at @off for the blob store. */
static int blob_data(struct crash *c, uint64_t off, const unsigned char *p,
		     uint64_t len)
{
	uint64_t n, keep;

	/* The headers and notes are kept until they can be rewritten. */
	while (len && off < (keep = blob_keep(c))) {
		n = keep - off;
		if (n > len)
			n = len;
		if (off + n > MAX_PREFIX) {
			fail(c, "blob store: headers beyond %u bytes",
			     MAX_PREFIX);
			return -1;
		}
		if (off + n > c->pre_cap && blob_grow(c, off + n))
			return -1;
		if (p)
			memcpy(c->pre + off, p, n);
		else
			memset(c->pre + off, 0, n);
		c->pre_len = off + n;
		blob_layout(c);
		if (c->err[0])
			return -1;
		off += n;
		len -= n;
		if (p)
			p += n;
	}
	if (!len || !p)
		return 0;	/* a hole in a load: left out */
	if (blob_run(c, off, len))
		return -1;
	return blob_frame(c, BLOB_DATA, p, len);
}

/* First data run of the blob at or after @off, or nr_runs. */
static size_t first_run(const struct crash *c, uint64_t off)
{
	size_t lo = 0, hi = c->nr_runs;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;

		if (c->runs[mid].off + c->runs[mid].len <= off)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* Append a program header to @out (a buffer of @cap entries). */
static int add_phdr(struct crash *c, Elf64_Phdr **out, size_t *nr,
		    size_t *cap, const Elf64_Phdr *ph)
{
	if (*nr >= PN_XNUM - 1) {
		fail(c, "blob store: more than %d program headers", PN_XNUM - 1);
		return -1;
	}
	if (*nr == *cap) {
		size_t n = *cap ? *cap * 2 : 64;
		Elf64_Phdr *p = realloc(*out, n * sizeof(*p));

		if (!p) {
			fail(c, "blob store: out of memory");
			return -1;
		}
		*out = p;
		*cap = n;
	}
	(*out)[(*nr)++] = *ph;
	return 0;
}

/*
 * The dump is complete: rewrite its program headers for the compacted
 * data and send the head. Each PT_LOAD becomes one PT_LOAD per run of
 * data, whose p_memsz covers the hole after it; a hole at the start of a
 * segment gets a PT_LOAD with no file bytes.
 */
static int blob_end(struct crash *c)
{
	Elf64_Phdr *ph = NULL, *old;
	size_t nr = 0, cap = 0, i, r;
	uint64_t head, notes, size;
	unsigned char *h;
	Elf64_Ehdr eh;
	int ret = -1;

	if (c->pre_end == UINT64_MAX || c->pre_len < c->pre_end) {
		blob_layout(c);
		if (c->pre_end == UINT64_MAX) {
			fail(c, "blob store: the dump ended inside its headers");
			return -1;
		}
	}
	memcpy(&eh, c->pre, sizeof(eh));
	old = (Elf64_Phdr *)(c->pre + eh.e_phoff);

	/* First pass: the new program headers, offsets relative. */
	notes = 0;
	for (i = 0; i < eh.e_phnum; i++) {
		Elf64_Phdr p = old[i], q;
		uint64_t at, seg_end;

		if (p.p_type != PT_LOAD || !p.p_filesz) {
			if (p.p_type != PT_LOAD && p.p_filesz) {
				if (p.p_offset + p.p_filesz > c->pre_end) {
					fail(c, "blob store: segment %zu is not in the headers",
					     i);
					goto out;
				}
				notes += (p.p_filesz + 7) & ~7ULL;
			}
			if (p.p_type == PT_LOAD)
				p.p_offset = 0;
			if (add_phdr(c, &ph, &nr, &cap, &p))
				goto out;
			continue;
		}
		at = p.p_offset;
		seg_end = p.p_offset + p.p_filesz;
		r = first_run(c, at);
		while (at < seg_end) {
			const struct run *run = r < c->nr_runs ? &c->runs[r] : NULL;
			uint64_t start = run && run->off < seg_end ? run->off : seg_end;

			q = p;
			q.p_vaddr = p.p_vaddr + (at - p.p_offset);
			q.p_paddr = 0;
			if (start > at) {
				/* A hole: no file bytes. */
				q.p_offset = 0;
				q.p_filesz = 0;
				q.p_memsz = start - at;
				at = start;
			} else {
				uint64_t n = run->off + run->len - at;

				if (n > seg_end - at)
					n = seg_end - at;
				q.p_offset = run->pos + (at - run->off);
				q.p_filesz = n;
				at += n;
				if (at == run->off + run->len)
					r++;
				/*
				 * The hole after it, up to the next run (a run
				 * that goes on into the next segment ends here).
				 */
				start = at < seg_end && r < c->nr_runs &&
					c->runs[r].off < seg_end ?
					c->runs[r].off : seg_end;
				q.p_memsz = n + (start - at);
				at = start;
				q.p_offset |= 1ULL << 63;	/* relative */
			}
			if (at == seg_end)
				q.p_memsz += p.p_memsz - p.p_filesz;
			if (add_phdr(c, &ph, &nr, &cap, &q))
				goto out;
		}
	}

	/* The head: ELF header, program headers, notes; page-aligned. */
	head = sizeof(eh) + nr * sizeof(*ph);
	size = (head + notes + BLOCK - 1) & ~(uint64_t)(BLOCK - 1);
	h = calloc(1, size);
	if (!h) {
		fail(c, "blob store: out of memory");
		goto out;
	}
	eh.e_phoff = sizeof(eh);
	eh.e_phnum = nr;
	eh.e_shoff = 0;
	eh.e_shnum = 0;
	eh.e_shstrndx = 0;
	memcpy(h, &eh, sizeof(eh));
	notes = head;
	for (i = 0; i < nr; i++) {
		if (ph[i].p_type == PT_LOAD) {
			if (ph[i].p_offset & (1ULL << 63))
				ph[i].p_offset = (ph[i].p_offset & ~(1ULL << 63)) + size;
			else
				ph[i].p_offset = size;	/* no file bytes */
		} else if (ph[i].p_filesz) {
			memcpy(h + notes, c->pre + ph[i].p_offset, ph[i].p_filesz);
			ph[i].p_offset = notes;
			notes += (ph[i].p_filesz + 7) & ~7ULL;
		}
	}
	memcpy(h + sizeof(eh), ph, nr * sizeof(*ph));
	ret = blob_frame(c, BLOB_HEAD, h, size);
	free(h);
out:
	free(ph);
	return ret;
}

/* ---- the dump ---- */

static int sink_data(struct crash *c, uint64_t off, const unsigned char *p,
		     size_t len)
{
	if (c->out >= 0 && file_data(c, off, p, len))
		return -1;
	if (opt.blob_fd >= 0 && blob_data(c, off, p, len))
		return -1;
	return 0;
}

static int sink_zero(struct crash *c, uint64_t off, uint64_t len)
{
	if (opt.blob_fd >= 0 && blob_data(c, off, NULL, len))
		return -1;
	return 0;
}

static void sink_end(struct crash *c)
{
	if (c->out >= 0 && ftruncate(c->out, c->dump))
		fail(c, "ftruncate %s: %s", c->file, strerror(errno));
	if (opt.blob_fd >= 0) {
		if (c->complete && !c->err[0])
			blob_end(c);
		else
			blob_frame(c, BLOB_FAIL, NULL, 0);
	}
}

/* @len bytes of dump at @off from the socket into the sinks. */
static int recv_data(struct crash *c, uint64_t off, uint64_t len, bool *eof)
{
	ssize_t n;

	while (len) {
		n = recv_full(c, buf, len < BUF_SIZE ? len : BUF_SIZE, eof);
		if (n < 0)
			return -1;
		if (sink_data(c, off, buf, n))
			return -1;
		off += n;
		len -= n;
		c->dump = off;
		if (*eof)
			return 0;
	}
	return 0;
}

static void recv_plain(struct crash *c)
{
	bool eof = false;

	while (!eof)
		if (recv_data(c, c->dump, BUF_SIZE, &eof))
			return;
	c->complete = true;
}

static void recv_records(struct crash *c)
{
	struct cd_record rec;
	uint64_t head;
	uint32_t size;
	bool eof;
	int r;

	for (;;) {
		r = peek_size(c, &size);
		if (r < 0)
			return;
		if (r > 0)
			return;	/* EOF before END: incomplete */
		if (c->end) {
			fail(c, "bytes after END");
			return;
		}
		if (size < CD_RECORD_HEADER_SIZE_VER0) {
			fail(c, "record size %u < %u", size,
			     CD_RECORD_HEADER_SIZE_VER0);
			return;
		}
		if (recv_header(c, &rec, sizeof(rec), size))
			return;
		if (rec.flags) {
			fail(c, "record at %" PRIu64 ": unknown flags %#" PRIx64,
			     rec.offset, rec.flags);
			return;
		}
		if (rec.offset != c->expect) {
			fail(c, "record at %" PRIu64 ", expected %" PRIu64 " (%s)",
			     rec.offset, c->expect,
			     rec.offset > c->expect ? "a gap" : "an overlap");
			return;
		}
		switch (rec.type) {
		case CD_RECORD_DATA:
			if (c->log)
				fprintf(c->log, "D %" PRIu64 " %" PRIu64 "\n",
					rec.offset, rec.len);
			c->data++;
			/*
			 * The kill comes with the last bytes of a record
			 * unread, once the task waits for room: what it sent
			 * after this one must still be whole records.
			 */
			head = 0;
			if (opt.kill_at && c->dump >= opt.kill_at && !c->killed &&
			    rec.len > KILL_UNREAD)
				head = rec.len - KILL_UNREAD;
			eof = false;
			if (head && recv_data(c, rec.offset, head, &eof))
				return;
			if (head && !eof) {
				wait_sender_blocked(c->fd);
				kill(c->pid, SIGKILL);
				c->killed = true;
			}
			if (!eof && recv_data(c, rec.offset + head, rec.len - head, &eof))
				return;
			if (eof) {
				fail(c, "EOF inside the DATA record at %" PRIu64 ": %" PRIu64 " of %" PRIu64 " bytes",
				     rec.offset, c->dump - rec.offset, rec.len);
				return;
			}
			break;
		case CD_RECORD_ZERO:
			if (!(c->ack_mask & CD_SPARSE)) {
				fail(c, "ZERO record without SPARSE");
				return;
			}
			if (c->log)
				fprintf(c->log, "Z %" PRIu64 " %" PRIu64 "\n",
					rec.offset, rec.len);
			c->zero++;
			if (sink_zero(c, rec.offset, rec.len))
				return;
			c->dump = rec.offset + rec.len;
			break;
		case CD_RECORD_END:
			if (c->log)
				fprintf(c->log, "E %" PRIu64 "\n", rec.offset);
			if (rec.len) {
				fail(c, "END with len %" PRIu64, rec.len);
				return;
			}
			c->end++;
			c->complete = true;
			break;
		default:
			fail(c, "record at %" PRIu64 ": unknown type %u",
			     rec.offset, rec.type);
			return;
		}
		c->expect = rec.offset + rec.len;
	}
}

/*
 * The virtual size of @pid in bytes, 0 if unknown: field 23 of
 * /proc/PID/stat, which NOMMU has too (it has no VmSize). The command
 * name, field 2, may hold spaces and parentheses: start after its last ')'.
 */
static uint64_t vm_size(pid_t pid)
{
	char path[64], line[1024], *p;
	unsigned long long vsize = 0;
	FILE *f;
	int i;

	snprintf(path, sizeof(path), "/proc/%d/stat", pid);
	f = fopen(path, "re");
	if (!f)
		return 0;
	p = fgets(line, sizeof(line), f) ? strrchr(line, ')') : NULL;
	fclose(f);
	/* Fields 3..22 come before it. */
	for (i = 3; p && i <= 23; i++)
		p = strchr(p + 1, ' ');
	if (p)
		sscanf(p, " %llu", &vsize);
	return vsize;
}

static uint64_t choose_ack(struct crash *c)
{
	uint64_t mask = CD_KERNEL;

	if (opt.ack_mask_set)
		return opt.ack_mask;
	if (opt.records && (!opt.min_vm || vm_size(c->pid) >= opt.min_vm))
		mask |= CD_RECORDS;
	if (opt.sparse && (mask & CD_RECORDS))
		mask |= CD_SPARSE;
	/* Only what this kernel offers: an older one gets a plain stream. */
	return mask & c->req.mask;
}

static void handle(struct crash *c)
{
	struct cd_ack ack = { .size = sizeof(ack) };
	uint32_t size;
	bool eof;
	ssize_t n;

	if (peek_size(c, &size)) {
		fail(c, "no coredump_req");
		return;
	}
	if (size < CD_REQ_SIZE_VER0) {
		fail(c, "coredump_req size %u < %u", size, CD_REQ_SIZE_VER0);
		return;
	}
	if (recv_header(c, &c->req, sizeof(c->req), size))
		return;

	c->ack_mask = ack.mask = choose_ack(c);
	c->mode = !(ack.mask & CD_RECORDS) ? "plain" :
		  (ack.mask & CD_SPARSE) ? "sparse" : "records";
	n = send(c->fd, &ack, sizeof(ack), MSG_NOSIGNAL);
	if (n != sizeof(ack)) {
		fail(c, "send(ack): %s", n < 0 ? strerror(errno) : "short");
		return;
	}
	n = recv_full(c, &c->mark, sizeof(c->mark), &eof);
	if (n != sizeof(c->mark)) {
		if (n >= 0)
			fail(c, "no mark");
		return;
	}
	c->marked = true;
	if (c->mark != CD_MARK_REQACK || !(ack.mask & CD_KERNEL)) {
		/* No dump: count what came all the same (nothing, we hope). */
		recv_data(c, 0, UINT64_MAX, &eof);
		if (c->dump)
			fail(c, "%" PRIu64 " bytes after mark %u without a dump",
			     c->dump, c->mark);
		c->dump = 0;
		c->mode = "none";
		return;
	}

	if (ack.mask & CD_RECORDS)
		recv_records(c);
	else
		recv_plain(c);
	if (c->end && c->dump != c->expect)
		fail(c, "END at %" PRIu64 " after %" PRIu64 " bytes",
		     c->expect, c->dump);
	if (c->end)
		c->dump = c->expect;
	sink_end(c);
}

static void report(const struct crash *c)
{
	printf("crash pid=%d req_mask=%#" PRIx64 " ack_mask=%#" PRIx64
	       " mark=%d mode=%s socket=%" PRIu64 " dump=%" PRIu64
	       " data=%lu zero=%lu end=%lu complete=%d file=%s",
	       c->pid, c->req.mask, c->ack_mask,
	       c->marked ? (int)c->mark : -1, c->mode ? c->mode : "none",
	       c->socket, c->dump, c->data, c->zero, c->end,
	       c->complete, c->file[0] ? c->file : "-");
	if (c->err[0])
		printf(" error=\"%s\"", c->err);
	printf("\n");
	/* A report that did not get out is a run without one: say why. */
	if (fflush(stdout)) {
		perror("coredump-server: report");
		exit(1);
	}
}

/* With --count, a crash is expected: wait for it no longer than --timeout. */
static bool wait_crash(int lfd)
{
	struct pollfd pfd = { .fd = lfd, .events = POLLIN };
	int r;

	do {
		r = poll(&pfd, 1, opt.timeout_ms);
	} while (r < 0 && errno == EINTR);
	return r > 0;
}

/* One crash on the connection @fd; 0 if it went by the protocol. */
static int serve_one(int fd)
{
	struct crash c = { .fd = fd, .out = -1, .pre_end = UINT64_MAX };
	struct ucred cred;
	socklen_t len = sizeof(cred);
	int bad;

	if (!getsockopt(c.fd, SOL_SOCKET, SO_PEERCRED, &cred, &len))
		c.pid = cred.pid;
	if (opt.out_dir) {
		snprintf(c.file, sizeof(c.file), "%s/core.%d", opt.out_dir,
			 c.pid);
		c.out = open(c.file, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC,
			     0600);
		if (c.out < 0)
			fail(&c, "open %s: %s", c.file, strerror(errno));
	}
	if (opt.log_path) {
		c.log = fopen(opt.log_path, "ae");
		if (!c.log)
			fail(&c, "open %s: %s", opt.log_path, strerror(errno));
	}
	if (!c.err[0])
		handle(&c);
	report(&c);
	bad = !!c.err[0];
	close(c.fd);
	if (c.out >= 0)
		close(c.out);
	if (c.log)
		fclose(c.log);
	free(c.pre);
	free(c.runs);
	return bad;
}

static int serve(int lfd)
{
	unsigned long done = 0;
	int fd, bad = 0;

	while (!opt.count || done < opt.count) {
		if (opt.count && !wait_crash(lfd)) {
			fprintf(stderr, "coredump-server: no crash for %d ms\n",
				opt.timeout_ms);
			return 1;
		}
		fd = accept4(lfd, NULL, NULL, SOCK_CLOEXEC);
		if (fd < 0) {
			if (errno == EINTR)
				continue;
			perror("coredump-server: accept");
			return 1;
		}
		bad |= serve_one(fd);
		done++;
	}
	return bad;
}

static void usage(void)
{
	fprintf(stderr,
		"usage: coredump-server [--records] [--sparse] [--out DIR] [--blob-fd FD]\n"
		"       [--socket PATH] [--no-pattern] [--min-vm BYTES] [--ack-mask MASK]\n"
		"       [--log FILE] [--kill-at BYTES] [--count N] [--timeout SEC]\n"
		"       [--fd FD]\n");
	exit(2);
}

int main(int argc, char **argv)
{
#define WITH_ARG(name, c) { name, required_argument, NULL, c }
	static const struct option opts[] = {
		{ "no-pattern", no_argument, NULL, 'P' },
		{ "records", no_argument, NULL, 'r' },
		{ "sparse", no_argument, NULL, 'S' },
		WITH_ARG("socket", 's'), WITH_ARG("min-vm", 'm'),
		WITH_ARG("ack-mask", 'a'), WITH_ARG("out", 'o'),
		WITH_ARG("blob-fd", 'b'), WITH_ARG("log", 'l'),
		WITH_ARG("kill-at", 'k'), WITH_ARG("count", 'c'),
		WITH_ARG("fd", 'f'), WITH_ARG("timeout", 't'),
		{ NULL, 0, NULL, 0 }
	};
#undef WITH_ARG
	static const int sigs[] = { SIGTERM, SIGINT, SIGHUP, SIGALRM };
	struct sockaddr_un addr = { .sun_family = AF_UNIX };
	struct stat st;
	unsigned int i;
	int o, lfd, ret, conn_fd = -1;

	while ((o = getopt_long(argc, argv, "", opts, NULL)) != -1) {
		switch (o) {
		case 's': opt.socket_path = optarg; break;
		case 'P': opt.set_pattern = false; break;
		case 'r': opt.records = true; break;
		case 'S': opt.records = opt.sparse = true; break;
		case 'm': opt.min_vm = strtoull(optarg, NULL, 0); break;
		case 'a':
			opt.ack_mask_set = true;
			opt.ack_mask = strtoull(optarg, NULL, 0);
			break;
		case 'o': opt.out_dir = optarg; break;
		case 'b': opt.blob_fd = atoi(optarg); break;
		case 'l': opt.log_path = optarg; break;
		case 'k': opt.kill_at = strtoull(optarg, NULL, 0); break;
		case 'c': opt.count = strtoul(optarg, NULL, 0); break;
		case 'f': conn_fd = atoi(optarg); break;
		case 't': opt.timeout_ms = atoi(optarg) * 1000; break;
		default: usage();
		}
	}
	if (optind != argc || strlen(opt.socket_path) >= sizeof(addr.sun_path) ||
	    opt.socket_path[0] != '/' || opt.timeout_ms <= 0)
		usage();
	if (opt.blob_fd >= 0 && fstat(opt.blob_fd, &st)) {
		fprintf(stderr, "coredump-server: --blob-fd %d: %s\n",
			opt.blob_fd, strerror(errno));
		return 2;
	}

	/* Our own crash must never come to us: we could not answer. */
	prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
	signal(SIGPIPE, SIG_IGN);
	if (conn_fd >= 0)
		return serve_one(conn_fd);

	lfd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (lfd < 0) {
		perror("coredump-server: socket");
		return 1;
	}
	strcpy(addr.sun_path, opt.socket_path);
	unlink(opt.socket_path);
	if (bind(lfd, (struct sockaddr *)&addr, sizeof(addr)) ||
	    listen(lfd, 16)) {
		fprintf(stderr, "coredump-server: %s: %s\n", opt.socket_path,
			strerror(errno));
		return 1;
	}
	sock_bound = 1;
	atexit(restore);
	for (i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++)
		signal(sigs[i], on_signal);
	if (opt.set_pattern) {
		int err = set_pattern();

		if (err) {
			fprintf(stderr, "coredump-server: cannot set %s: %s\n",
				CORE_PATTERN, strerror(-err));
			return 1;
		}
	}
	printf("ready socket=%s\n", opt.socket_path);
	fflush(stdout);

	ret = serve(lfd);
	close(lfd);
	return ret;
}
