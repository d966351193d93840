# kbuild-options.awk: which Kconfig option brings each object of a tree
# into its build, from its Makefiles and Kbuild files (the obj-$(CONFIG_X)
# line of the object, or, for an obj-y, its folder's line in the
# parent's).  Read with a program of its own that asks option(OBJECT)
# of the objects it reads after the Makefiles (src: the tree, with a
# trailing /; an object as a path from the top of the tree, "fs/file.o"):
# option-cost.awk (scripts/bench-options), kunit-options.awk
# (scripts/build-kernel, KUNIT=).

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
FILENAME ~ /(^|\/)(Makefile|Kbuild)$/ {
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
