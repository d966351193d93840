# option-cost.awk: charge each compiled object to the Kconfig option
# that brings it into the build (scripts/bench-options).
#
# Input: the tree's Makefiles and Kbuild files (src: the tree, with a
# trailing /), then a log of "MILLISECONDS OBJECT" lines, OBJECT relative
# to the build folder (out: that folder, with a trailing /).  Output:
# the options, costliest first, with their compiler seconds and share;
# "(always)" is what no option brings in.

function dirof(file) {
	file = substr(file, length(src) + 1)
	sub(/\/?(Makefile|Kbuild)$/, "", file)
	return file
}

# A folder or object's key: its path from the top of the tree.
function key(dir, word) {
	return dir == "" ? word : dir "/" word
}

function parent(k,    p) {
	p = k
	sub(/\/$/, "", p)
	if (p !~ /\//)
		return ""
	sub(/\/[^\/]*$/, "", p)
	return p
}

# What brings K in: an option, or "(always)".  An obj-y object is there
# when its folder is; a part of a composite object when that object is.
function option(k,    c, d, n) {
	for (n = 0; n < 50; n++) {
		c = by[k]
		if (c ~ /^CONFIG_/)
			return c
		if (c ~ /^part:/) {
			k = substr(c, 6)
			continue
		}
		d = parent(k)
		if (d == "" && k ~ /\/$/ || k == "")
			return "(always)"
		k = d "/"
		if (!(k in by) && parent(k) == "")
			return "(always)"
	}
	return "(always)"
}

FILENAME != last {
	last = FILENAME
	dir = dirof(FILENAME)
	line = ""
}

# The Makefiles: assignments to obj-, lib-, core-..., and composites.
FILENAME !~ /times\.log$/ {
	if (sub(/\\$/, "")) {
		line = line $0 " "
		next
	}
	$0 = line $0
	line = ""
	if (!match($0, /^[[:space:]]*[A-Za-z0-9_.-]+-(\$\(CONFIG_[A-Za-z0-9_]+\)|y|objs)[[:space:]]*[:+]?=/))
		next
	lhs = substr($0, RSTART, RLENGTH)
	rhs = substr($0, RSTART + RLENGTH)
	sub(/[[:space:]]*[:+]?=$/, "", lhs)
	sub(/^[[:space:]]*/, "", lhs)
	cond = lhs
	sub(/^[A-Za-z0-9_.-]+-/, "", cond)
	name = substr(lhs, 1, length(lhs) - length(cond) - 1)
	if (cond ~ /^\$\(/)
		cond = substr(cond, 3, length(cond) - 3)
	# The arch Makefile names folders from the top of the tree.
	d = dir
	if (name ~ /^(core|libs|drivers|head)$/) {
		d = ""
		gsub(/\$\(ARCH_DIR\)/, "arch/um", rhs)
		gsub(/\$\(HOST_DIR\)/, "arch/x86", rhs)
	}
	n = split(rhs, w, /[[:space:]]+/)
	for (i = 1; i <= n; i++) {
		if (w[i] == "" || w[i] ~ /\$/)
			continue
		if (name ~ /^(obj|lib|core|libs|drivers|head)$/)
			by[key(d, w[i])] = cond
		else if (cond == "y" || cond == "objs")
			by[key(d, w[i])] = "part:" key(d, name ".o")
		else
			by[key(d, w[i])] = cond
	}
	next
}

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
