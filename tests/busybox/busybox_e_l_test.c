// SPDX-License-Identifier: GPL-2.0
/* busybox's own testsuite: the applets from e to l (busybox_suite.h). */
#define APPLETS_FROM	"e"
#define APPLETS_TO	"m"
#include "busybox_suite.h"
