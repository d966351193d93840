/* SPDX-License-Identifier: GPL-2.0 */
/*
 * case_table.h - a test program's cases as a table of names and
 * functions: the plan is the table's length, each case gives exactly one
 * KTAP result under its name, and a case that skips can say why.  The
 * cases run one after another in this process (no fork(): NOMMU-safe).
 *
 *	static int plain(void) { ...; return ok; }
 *	static const struct test_case cases[] = {
 *		{ "plain: a range in the middle closes", plain },
 *	};
 *	...
 *	CASES_PLAN(cases);
 *	RUN_CASES(cases, lacks);	(lacks: NULL, or why all skip)
 *
 * Include it after kselftest.h.
 */
#ifndef CASE_TABLE_H
#define CASE_TABLE_H

#include <stdbool.h>
#include <stddef.h>

/* What a case's function returns: true, false, or case_skip(why). */
#define CASE_SKIPPED	(-1)

struct test_case {
	const char *name;
	int (*fn)(void);
};

static const char *case_skip_why;

/* Return this from a case that cannot run here; why may be NULL. */
static inline int case_skip(const char *why)
{
	case_skip_why = why;
	return CASE_SKIPPED;
}

#define CASES_PLAN(table)	ksft_set_plan(sizeof(table) / sizeof((table)[0]))
#define RUN_CASES(table, lacks) \
	run_cases(table, sizeof(table) / sizeof((table)[0]), lacks)

/* Each case of the table in turn; with lacks, none runs: each skips. */
static inline void run_cases(const struct test_case *c, size_t n,
			     const char *lacks)
{
	size_t i;
	int ret;

	for (i = 0; i < n; i++) {
		if (lacks) {
			ksft_test_result_skip("%s (%s)\n", c[i].name, lacks);
			continue;
		}
		case_skip_why = NULL;
		ret = c[i].fn();
		if (ret == CASE_SKIPPED && case_skip_why)
			ksft_test_result_skip("%s (%s)\n", c[i].name,
					      case_skip_why);
		else if (ret == CASE_SKIPPED)
			ksft_test_result_skip("%s\n", c[i].name);
		else
			ksft_test_result(ret, "%s\n", c[i].name);
	}
}

#endif /* CASE_TABLE_H */
