/* SPDX-License-Identifier: GPL-2.0 */
/*
 * uapi_values.h - a KTAP result per constant of a uapi header, against
 * the value the ABI gives it (the *_uapi_test programs).  Include
 * kselftest.h first.
 */
#ifndef UAPI_VALUES_H
#define UAPI_VALUES_H

#include <stdbool.h>

struct uapi_value {
	unsigned long long got, abi;
	const char *name;
};

/* An entry: the header's constant by its name, and the ABI's value. */
#define UAPI_VALUE(name, abi) { (unsigned long long)(name), (abi), #name }

#define UAPI_VALUES_LEN(a) (sizeof(a) / sizeof((a)[0]))

/* One result each: "NAME is VALUE", what the header said if not. */
static inline void uapi_check_values(const struct uapi_value *v,
				     unsigned int n)
{
	unsigned int i;
	bool ok;

	for (i = 0; i < n; i++) {
		ok = v[i].got == v[i].abi;
		if (!ok)
			ksft_print_msg("%s: expected %llu (%#llx), got %llu (%#llx)\n",
				       v[i].name, v[i].abi, v[i].abi,
				       v[i].got, v[i].got);
		ksft_test_result(ok, "%s is %llu (%#llx)\n", v[i].name,
				 v[i].abi, v[i].abi);
	}
}

#endif
