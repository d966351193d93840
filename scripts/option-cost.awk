# option-cost.awk: charge each compiled object to the Kconfig option
# that brings it into the build (scripts/bench-options), with
# kbuild-options.awk:
#
#   awk -v src=TREE/ -v out=BUILD/ -f kbuild-options.awk -f option-cost.awk \
#       MAKEFILE... times.log
#
# times.log: "MILLISECONDS OBJECT" lines, OBJECT relative to the build
# folder (out: that folder, with a trailing /).  Output: the options,
# costliest first, with their compiler seconds and share; "(always)" is
# what no option brings in.

# The times: MILLISECONDS OBJECT.
{
	o = $2
	if (index(o, out) == 1)
		o = substr(o, length(out) + 1)
	sub(/^\.\//, "", o)
	opt = option(o)
	ms[opt] += $1
	objs[opt]++
	total += $1
}

END {
	printf "%-36s %8s %6s %8s\n", "option", "seconds", "share", "objects"
	for (o in ms)
		printf "%-36s %8.1f %5.1f%% %8d\n", o, ms[o] / 1000,
			100 * ms[o] / total, objs[o] | "sort -k2,2nr"
	close("sort -k2,2nr")
	printf "%-36s %8.1f %6s %8s\n", "total", total / 1000, "", ""
}
