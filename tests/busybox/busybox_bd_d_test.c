// SPDX-License-Identifier: GPL-2.0
/* busybox's own testsuite: the applets from bd to d (busybox_suite.h). */
#define APPLETS_FROM	"bd"
#define APPLETS_TO	"e"
#include "busybox_suite.h"
