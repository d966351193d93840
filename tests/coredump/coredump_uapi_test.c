// SPDX-License-Identifier: GPL-2.0
/*
 * coredump_uapi_test - <linux/coredump.h> of the tree under test against
 * the Linux 7.4 ABI of shared/spec/coredump.md: the mask bits, the
 * marks, the record types with their 32-bit sentinel, and the layout of
 * struct coredump_req, coredump_ack and coredump_record_header.
 *
 * The rest of the suite carries these values under names of its own
 * (coredump_abi.h) so that it builds against a 7.3 tree too; a header
 * that says otherwise than the kernel does would go unseen there.  The
 * 7.4 names are used here, so against a header that lacks them this
 * program does not build, and the harness reports that as its failure.
 */
#include <stddef.h>
#include <stdbool.h>
#include <linux/coredump.h>

#include "kselftest.h"
#include "uapi_values.h"

static const struct uapi_value values[] = {
	UAPI_VALUE(COREDUMP_KERNEL, 1ULL << 0),
	UAPI_VALUE(COREDUMP_USERSPACE, 1ULL << 1),
	UAPI_VALUE(COREDUMP_REJECT, 1ULL << 2),
	UAPI_VALUE(COREDUMP_WAIT, 1ULL << 3),
	UAPI_VALUE(COREDUMP_RECORDS, 1ULL << 4),
	UAPI_VALUE(COREDUMP_SPARSE, 1ULL << 5),
	UAPI_VALUE(COREDUMP_REQ_SIZE_VER0, 16),
	UAPI_VALUE(COREDUMP_ACK_SIZE_VER0, 16),
	UAPI_VALUE(COREDUMP_MARK_REQACK, 0),
	UAPI_VALUE(COREDUMP_MARK_MINSIZE, 1),
	UAPI_VALUE(COREDUMP_MARK_MAXSIZE, 2),
	UAPI_VALUE(COREDUMP_MARK_UNSUPPORTED, 3),
	UAPI_VALUE(COREDUMP_MARK_CONFLICTING, 4),
	UAPI_VALUE(__COREDUMP_MARK_MAX, 1ULL << 31),
	UAPI_VALUE(COREDUMP_RECORD_DATA, 0),
	UAPI_VALUE(COREDUMP_RECORD_END, 1),
	UAPI_VALUE(COREDUMP_RECORD_ZERO, 2),
	UAPI_VALUE(__COREDUMP_RECORD_TYPE_MAX, 1ULL << 31),
	UAPI_VALUE(COREDUMP_RECORD_HEADER_SIZE_VER0, 32),
};

/* Each field of the three structs: struct (0-2), offset and size. */
#define FIELD(st, type, member, off, size) \
	{ (st), #type "." #member, offsetof(struct type, member), (off), \
	  sizeof(((struct type *)0)->member), (size) }

static const struct {
	unsigned int st;
	const char *name;
	size_t got, abi, got_size, abi_size;
} fields[] = {
	FIELD(0, coredump_req, size, 0, 4),
	FIELD(0, coredump_req, size_ack, 4, 4),
	FIELD(0, coredump_req, mask, 8, 8),
	FIELD(1, coredump_ack, size, 0, 4),
	FIELD(1, coredump_ack, spare, 4, 4),
	FIELD(1, coredump_ack, mask, 8, 8),
	FIELD(2, coredump_record_header, size, 0, 4),
	FIELD(2, coredump_record_header, type, 4, 4),
	FIELD(2, coredump_record_header, flags, 8, 8),
	FIELD(2, coredump_record_header, offset, 16, 8),
	FIELD(2, coredump_record_header, len, 24, 8),
};

#define ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))

int main(void)
{
	size_t sizes[3] = { sizeof(struct coredump_req),
			    sizeof(struct coredump_ack),
			    sizeof(struct coredump_record_header) };
	static const size_t want[3] = { 16, 16, 32 };
	static const char *const sname[3] = {
		"struct coredump_req", "struct coredump_ack",
		"struct coredump_record_header",
	};
	unsigned int i;
	bool ok;

	ksft_print_header();
	ksft_set_plan(ARRAY_LEN(values) + 1 + 3);

	uapi_check_values(values, ARRAY_LEN(values));
	/* The sentinel makes the record type a 32-bit unsigned enum. */
	ok = sizeof(enum coredump_record_type) == 4 &&
	     (enum coredump_record_type)-1 > 0;
	if (!ok)
		ksft_print_msg("enum coredump_record_type: %zu bytes, %s\n",
			       sizeof(enum coredump_record_type),
			       (enum coredump_record_type)-1 > 0 ?
			       "unsigned" : "signed");
	ksft_test_result(ok, "enum coredump_record_type is 32 bits, unsigned\n");
	for (i = 0; i < 3; i++) {
		unsigned int j;

		ok = sizes[i] == want[i];
		if (!ok)
			ksft_print_msg("%s: expected %zu bytes, got %zu\n",
				       sname[i], want[i], sizes[i]);
		for (j = 0; j < ARRAY_LEN(fields); j++) {
			if (fields[j].st != i)
				continue;
			if (fields[j].got != fields[j].abi ||
			    fields[j].got_size != fields[j].abi_size) {
				ksft_print_msg("%s: %zu bytes at %zu, expected %zu at %zu\n",
					       fields[j].name, fields[j].got_size,
					       fields[j].got, fields[j].abi_size,
					       fields[j].abi);
				ok = false;
			}
		}
		ksft_test_result(ok, "%s: %zu bytes, its fields where the ABI puts them\n",
				 sname[i], want[i]);
	}

	ksft_finished();
}
