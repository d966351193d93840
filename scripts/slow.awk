# slow.awk: the programs of configs/kselftest-slow that are slow on the
# tree of RELEASE, as the guest's TESTBED_SKIP takes them:
# "suite/program,suite/program".
#
#   awk -f kernels.awk -f slow.awk -v release=6.1.176 configs/kselftest-slow

!/^#/ && NF >= 3 && kernels_match($3, release) {
	printf "%s%s/%s", sep, $1, $2
	sep = ","
}
