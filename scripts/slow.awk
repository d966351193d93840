# slow.awk: the programs of configs/kselftest-slow that are slow on the
# tree of RELEASE in a config made of FRAGMENTS, as the guest's
# TESTBED_SKIP takes them: "suite/program,suite/program".  A line holds
# for every config ("all" in its fourth column) or for those with that
# fragment.
#
#   awk -f kernels.awk -f slow.awk -v release=6.1.176 \
#       -v fragments="base mmu debug" configs/kselftest-slow

!/^#/ && NF >= 4 && kernels_match($3, release) &&
    ($4 == "all" || index(" " fragments " ", " " $4 " ")) {
	printf "%s%s/%s", sep, $1, $2
	sep = ","
}
