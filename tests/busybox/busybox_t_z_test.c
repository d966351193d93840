// SPDX-License-Identifier: GPL-2.0
/* busybox's own testsuite: the applets from t on (busybox_suite.h). */
#define APPLETS_FROM	"t"
#define APPLETS_TO	""
#include "busybox_suite.h"
