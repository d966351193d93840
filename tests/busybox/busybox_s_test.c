// SPDX-License-Identifier: GPL-2.0
/* busybox's own testsuite: the applets that start with s (busybox_suite.h). */
#define APPLETS_FROM	"s"
#define APPLETS_TO	"t"
#include "busybox_suite.h"
