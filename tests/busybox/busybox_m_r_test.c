// SPDX-License-Identifier: GPL-2.0
/* busybox's own testsuite: the applets from m to r (busybox_suite.h). */
#define APPLETS_FROM	"m"
#define APPLETS_TO	"s"
#include "busybox_suite.h"
