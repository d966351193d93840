# kernels.awk: the "kernels" column of configs/kselftest-known and
# configs/kselftest-slow, which says for which trees a line holds.  Load
# it with -f before the script that uses it.
#
#   all      every tree
#   <X.Y     trees before X.Y
#   >=X.Y    X.Y and later
#
# kernels_match(SPEC, RELEASE): does the line hold for the tree whose
# release (include/config/kernel.release) is RELEASE, "6.1.176" say?  A
# release that is not known matches "all" only.

function kernels_rel(s,    v) {
	if (split(s, v, ".") < 2 || v[1] !~ /^[0-9]+$/)
		return -1
	return v[1] * 1000 + v[2]
}

function kernels_match(spec, release,    r) {
	if (spec == "all")
		return 1
	r = kernels_rel(release)
	if (r < 0)
		return 0
	if (spec ~ /^<[0-9]/)
		return r < kernels_rel(substr(spec, 2))
	if (spec ~ /^>=[0-9]/)
		return r >= kernels_rel(substr(spec, 3))
	return 0
}
