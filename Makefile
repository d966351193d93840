# uml-testbed: build User-mode Linux kernels with the patch set, boot
# them headless with a busybox root file system, run the test suites,
# report.  `make help` lists targets and variables.  The work is done by
# POSIX sh scripts in scripts/; this file is only the interface.

CONFIGS    ?=
SUITES     ?=
KSRC       ?=
PATCHES    ?= auto
O          ?= $(CURDIR)/build
RESULTS    ?= $(CURDIR)/results
JOBS       ?= $(shell nproc 2>/dev/null || echo 2)
TIMEOUT    ?=
MEM        ?=
UML_ARGS   ?=
TESTS      ?=
TEST_TIMEOUT ?=
EXTRA_TESTS ?=
SLOW       ?= 0
TIME_TRAVEL ?= 1
GUESTS     ?=
BENCH_SIZES ?=
RETRIES    ?= 2
FLAKY      ?= pass
KCONFIG    ?=
KUNIT      ?=

export CONFIGS SUITES KSRC PATCHES KCONFIG KUNIT O RESULTS JOBS TIMEOUT MEM UML_ARGS TESTS TEST_TIMEOUT EXTRA_TESTS SLOW TIME_TRAVEL GUESTS BENCH_SIZES BENCH_CONFIG BENCH_BOOTS BENCH_RUNS BENCH_FILES FETCH RETRIES FLAKY N PATCH SEED MUTANTS
# KSELFTESTS has its default in scripts/lib.sh; KSELFTESTS= (none) must
# reach the scripts set and empty, so it goes only when given.
ifneq ($(origin KSELFTESTS),undefined)
export KSELFTESTS
endif
# The scripts get these from the environment; command-line definitions
# must not reach the kernel's and kselftests' own makes (O=, SUITES=).
MAKEOVERRIDES :=

# make splits words at blanks: a path with one would load the exit
# plugin from, and build it over, the file its first word names (O=),
# or name a file that is not there.  Refused here, in one line, before
# anything is created or written.
blank_paths := $(strip $(foreach v,CURDIR O RESULTS KSRC EXTRA_TESTS,$(if $(word 2,$($(v))),$(v))))
ifneq ($(blank_paths),)
$(error $(firstword $(blank_paths))="$($(firstword $(blank_paths)))" has a blank: make cannot take such a path; use one without (a symbolic link to it, say))
endif

# O= must be a folder: stop here with one line, before a script's mkdir
# says "Not a directory" (and before clean removes a file).
ifneq ($(wildcard $(O)),)
ifeq ($(wildcard $(O)/.),)
$(error O=$(O) is not a folder: give a folder for the builds (O=DIR))
endif
endif

# The config of the single-config targets (kernel, rootfs, run, shell).
CONFIG ?= $(firstword $(subst $(comma), ,$(CONFIGS)) mmu)
comma := ,

S := $(CURDIR)/scripts

.PHONY: help check coverage mutants test stress bench bench-profile bench-nommu bench-loop bench-options kernel rootfs run shell gdb bisect compare collect history clean distclean

help:
	@echo 'uml-testbed: headless UML test bed for Linux syscall features'
	@echo
	@echo 'Targets:'
	@echo '  check       build, pack, boot and test every config; report in results/latest'
	@echo '  coverage    check on gcov kernels (build/<config>.kconfig-*); line coverage of the series in results/<run>/coverage'
	@echo '  mutants     mutation testing of the series: N small bugs in lines it adds, each built and run with its suites; the score'
	@echo '  test        the harness self-tests and an end-to-end check (make check CONFIGS=mmu)'
	@echo '  kernel      configure and build the kernel of CONFIG only'
	@echo '  rootfs      build the tests and pack the root file system of CONFIG'
	@echo '  run         boot CONFIG once and run SUITES, results in results/latest'
	@echo '  shell       boot CONFIG with an interactive shell on this terminal'
	@echo '  gdb         the shell of CONFIG with UML under gdb: debug info, the lx- commands, BREAK=function'
	@echo '  bisect      git bisect GOOD..BAD of the git tree KSRC with scripts/bisect-run (CONFIGS, SUITES)'
	@echo '  stress      N runs of check (default mmu,nommu) on a host loaded with CPU hogs and a disk writer; per-test consistency'
	@echo '  collect     judge a saved run again (RUN=<run-id>, default latest): parse, splat scan, verdict, reports'
	@echo '  compare     tests whose result changed from run A to run B (default: latest, and the newest complete run before it); exit 1 on a new failure'
	@echo '  history     results/index.html: every run, newest first, with its states, counts and changes (check writes it too)'
	@echo '  bench       time fd-table teardowns on the kernel with and without the sync-close patches (a table)'
	@echo '  bench-profile  where each teardown of 65536 files spends its time, with and without the sync-close patches (perf)'
	@echo '  bench-nommu getpid, vfork+exec+wait and a 1 MiB pipe on the mmu and nommu kernels, both stub modes (a table)'
	@echo '  bench-loop  the edit-to-verdict loop: nothing changed, a new commit message, one changed line (COLD=1: a first run)'
	@echo '  bench-options  compile seconds per Kconfig option of CONFIG, from one build without ccache (a table)'
	@echo '  clean       remove build/ (kernels, images); keeps results/ and the download cache'
	@echo '  distclean   clean, and remove results/'
	@echo
	@echo 'Variables:'
	@echo '  CONFIGS=mmu,...    configs to run (configs/matrix; default: its default: line; all: every one but its measure: line)'
	@echo '  CONFIG=mmu         config of kernel/rootfs/run/shell (default: first of CONFIGS, or mmu)'
	@echo '  SUITES=a,b         suites to run (default: all; e.g. close_range,ksft-core)'
	@echo '  TESTS=a,b          only these test programs of the suites (e.g. pidfd_test)'
	@echo '  TEST_TIMEOUT=N     seconds each test program may run (default: the suite settings file)'
	@echo '  EXTRA_TESTS=DIR    more suites from DIR/<suite>/, laid out as tests/ is (your own tests)'
	@echo '  KSRC=DIR           build this kernel tree instead of the pinned Debian 7.3 source'
	@echo '  PATCHES=auto|none|DIR  apply patches/series (auto: only where KSRC lacks it), none, or DIR/series'
	@echo "  KSELFTESTS=\"...\"   kselftest targets of the tree to add (default: $$(unset KSELFTESTS; . $(S)/lib.sh; echo $$KSELFTESTS); \"\" for none)"
	@echo '  KCONFIG="CONFIG_A=y CONFIG_B=n"  options added to the configs (each must stick); builds in a folder of its own'
	@echo '  KUNIT=all|"suite ..."  KUnit in the kernel (all: KUNIT_ALL_TESTS; or these suites), run at boot as suites kunit.<suite>; a folder of its own'
	@echo '  O=DIR              build folder (default: build/)'
	@echo '  RESULTS=DIR        results folder (default: results/)'
	@echo '  JOBS=N             parallel build jobs (default: nproc)'
	@echo '  TIMEOUT=SECONDS    hard limit of one boot (default: from the suites'"'"' timeouts)'
	@echo "  MEM=512M           guest memory (default $$(. $(S)/lib.sh; echo $$GUEST_MEM_DEFAULT); make bench: 1536M)"
	@echo '  UML_ARGS="..."     extra UML kernel arguments for the boot'
	@echo '  GUESTS=N           guests booted at once per config, suites spread over them (default: JOBS)'
	@echo '  TIME_TRAVEL=1      guest clock skips idle time (UML time-travel), so sleeps cost nothing; 0: real time'
	@echo '  RETRIES=2          a failing test program runs again up to N times in its guest; passing on a retry is FLAKY'
	@echo '  FLAKY=pass         FLAKY=fail: a flaky test fails the run too'
	@echo '  N=10               stress: number of runs (default 10); mutants: number of mutants (default 150; 0: all)'
	@echo '  PATCH=0016 SEED=1  mutants: only the lines of this patch of the series (default: all); the seed that picks the mutants'
	@echo '  MUTANTS=id,id      mutants: only these mutants (ids as mutants.tsv gives them), say the survivors of a run again'
	@echo '  SLOW=1             also run the programs listed in configs/kselftest-slow'
	@echo '  BENCH_SIZES=a,b    bench: numbers of /dev/null files (default 4096,65536; 1048576 takes about an hour; MEM defaults to 1536M)'
	@echo '  BENCH_CONFIG=bench bench, bench-profile: the config (default mmu; bench: SMP, SLUB, tree RCU, as upstream measured)'
	@echo '  BENCH_BOOTS=4      bench: boots of each kernel, in turns; the 95% interval of each ratio comes from them'
	@echo '  BENCH_RUNS=5       bench, bench-profile: runs of each cell (default: bench 21 for 4096 files, 9 for 65536; bench-profile 5)'
	@echo '  BENCH_FILES=pipe   bench-profile: the files of the cells, commas: devnull (default), pipe, eventfd'
	@echo '  FETCH=http         fetch Debian packages by URL with curl or wget, unpack with ar and tar (default: apt where apt-get is)'
	@echo
	@echo 'Exit status of check/run: 0 all passed, 1 a failure, 200 the host side failed (ERROR; bisect: abort), 125 could not build (bisect: skip).'

# The goals whose exit status means something: check, run, coverage and
# bisect exit 125 when the revision cannot be tested (git bisect: skip),
# check and run 200 when the host side failed (git bisect run aborts),
# compare 2 when a run is missing.  make exits 0, 1 or 2 by itself, so
# a plugin it builds and loads, scripts/testbed_exit.c, passes the
# status on: the goal's recipe runs as .status-GOAL, which keeps the
# status in a file, and GOAL ends make with it.  A make without `load`,
# or a host where the plugin does not build (no gnumake.h, no compiler,
# O= unwritable), runs the recipes as they are: a failure is then
# make's 2, as it always was.
STATUS_GOALS := check run bisect compare collect coverage
check_cmd = $(S)/check
coverage_cmd = $(S)/coverage
run_cmd = CONFIGS=$(CONFIG) $(S)/check
bisect_cmd = GOOD="$(GOOD)" BAD="$(BAD)" \
	KSELFTESTS="$(if $(filter command line environment,$(origin KSELFTESTS)),$(KSELFTESTS))" \
	$(S)/bisect
compare_cmd = $(S)/compare "$(A)" "$(or $(B),latest)"
collect_cmd = $(S)/collect --run "$(or $(RUN),latest)"

EXIT_SO := $(O)/.make/testbed_exit.so
ifneq ($(filter load,$(.FEATURES)),)
ifneq ($(filter $(STATUS_GOALS),$(MAKECMDGOALS)),)
-load $(EXIT_SO)
endif
endif
$(EXIT_SO): $(S)/testbed_exit.c
	@mkdir -p $(@D) 2>/dev/null && \
	$(CC) -shared -fPIC -O2 -o $@.tmp $< 2>/dev/null && mv $@.tmp $@ || rm -f $@.tmp

# The run ends with this make, whatever signal ends it (lib.sh
# watch_owner): killed alone, make takes only its recipe's shell along.
# $$PPID, in the recipe's shell: make's pid.
owned = export TESTBED_OWNER=$$PPID;

ifneq ($(filter $(EXIT_SO),$(.LOADED)),)
# In the build folder, the caller's own: a name in a shared TMPDIR could
# be planted (a symlink) by another user before make writes it.
status_file := $(dir $(EXIT_SO))status.$(shell echo $$PPID)
$(STATUS_GOALS): %: .status-%
	@$(testbed-exit $(status_file).$@)
$(STATUS_GOALS:%=.status-%): .status-%:
	@$(owned) $($*_cmd); echo $$? >"$(status_file).$*"
else
$(STATUS_GOALS):
	@$(owned) $($@_cmd)
endif
.PHONY: $(STATUS_GOALS:%=.status-%)

test:
	@$(S)/selftest

stress:
	@$(owned) $(S)/stress

mutants:
	@$(owned) $(S)/mutants

bench:
	@$(owned) $(S)/bench sync-close

bench-profile:
	@$(owned) $(S)/bench profile

bench-nommu:
	@$(owned) $(S)/bench nommu

bench-loop:
	@$(owned) $(S)/bench-loop

bench-options:
	@$(owned) $(S)/bench-options $(CONFIG)

history:
	@$(S)/history "$(RESULTS)"

# The tools of the whole goal are checked first, before the kernel builds.
PREFLIGHT = $(if $(filter rootfs shell gdb,$(MAKECMDGOALS)),rootfs,kernel)

# The source, and the build folder of CONFIG for it ($$SRC, $$out).
PREPARE = src=$$($(S)/prepare-source) && eval "$$src" && \
	out=$$(. $(S)/lib.sh && build_dir $(CONFIG))

kernel:
	@$(S)/preflight $(PREFLIGHT) $(CONFIG) && $(PREPARE) && \
	$(S)/build-kernel $(CONFIG) "$$SRC" "$$out"

rootfs: kernel
	@$(PREPARE) && \
	$(S)/build-tests $(CONFIG) "$$SRC" "$$out" && \
	$(S)/pack-rootfs $(CONFIG) "$$out"

shell: rootfs
	@$(PREPARE) && $(S)/shell $(CONFIG) "$$out"

# make gdb: the shell, with UML under gdb.  Its kernel has debug info and
# the tree's gdb scripts: options added as KCONFIG= adds them, so it
# builds in a folder of its own and the test builds stay as they are.
GDB_KCONFIG := CONFIG_DEBUG_KERNEL=y CONFIG_DEBUG_INFO_DWARF_TOOLCHAIN_DEFAULT=y CONFIG_GDB_SCRIPTS=y
gdb: export KCONFIG := $(strip $(KCONFIG) $(GDB_KCONFIG))
gdb: rootfs
	@$(PREPARE) && $(S)/shell $(CONFIG) "$$out" --gdb

clean:
	chmod -R u+w $(O) 2>/dev/null || true
	rm -rf $(O)

distclean: clean
	rm -rf $(RESULTS)
