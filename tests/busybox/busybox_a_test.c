// SPDX-License-Identifier: GPL-2.0
/* busybox's own testsuite: the applets before bc (busybox_suite.h). */
#define APPLETS_FROM	""
#define APPLETS_TO	"bc"
#include "busybox_suite.h"
