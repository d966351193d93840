// SPDX-License-Identifier: GPL-2.0
/* busybox's own testsuite: bc, whose two number-printing loops take minutes (busybox_suite.h). */
#define APPLETS_FROM	"bc"
#define APPLETS_TO	"bd"
#include "busybox_suite.h"
