# coverage.awk: the coverage table of scripts/coverage, from
#   ADDED     patch<TAB>file<TAB>line, the lines the series adds
#             (scripts/coverage-lines); may be empty
#   INFO...   one lcov tracefile per config, in the order of `configs`
# Variables: src (the tree's path and a slash, cut from the tracefiles'
# file names), configs (the configs, blank-separated, as the INFO
# files), nommu_only (files built only without an MMU, blank-separated),
# unreached (file: the added executable lines no config ran:
# patch<TAB>file:line<TAB>function<TAB>source), json (file: the table as
# a JSON object).
#
# A line is executable when gcov gives it a count (a DA record), in any
# config; run when its count is above 0 in one.  Lines gcov does not
# list (declarations, comments, code not built) are not executable.

BEGIN {
	FS = "\t"
	nconf = split(configs, conf, " ")
	nnommu = split("mm/nommu.c fs/binfmt_elf_fdpic.c " nommu_only, nfile, " ")
	nfeat = split("fs/file.c fs/coredump.c net/unix/af_unix.c kernel/pid.c fs/pidfs.c", feat, " ")
	for (i = 1; i <= nconf; i++)
		if (conf[i] == "nommu")
			has_nommu = 1
}

FNR == 1 { fileno++ }

# The added lines.
fileno == 1 {
	if (NF < 3)
		next
	if (!($1 in seen_patch)) {
		seen_patch[$1] = 1
		patches[++npatch] = $1
	}
	nadded++
	ap[nadded] = $1; af[nadded] = $2; al[nadded] = $3 + 0
	next
}

# A tracefile: SF:, FN:line,name, DA:line,count.
{
	c = conf[fileno - 1]
}
/^SF:/ {
	f = substr($0, 4)
	if (index(f, src) == 1)
		f = substr(f, length(src) + 1)
	next
}
/^FN:/ {
	split(substr($0, 4), w, ",")
	k = f SUBSEP w[2]
	if (!(k in fnline) || w[1] + 0 < fnline[k]) {
		if (!(k in fnline))
			fnames[f] = fnames[f] SUBSEP w[2]
		fnline[k] = w[1] + 0
	}
	next
}
/^DA:/ {
	split(substr($0, 4), w, ",")
	k = f SUBSEP (w[1] + 0)
	exe[k] = 1
	if (w[2] + 0 > 0)
		ran[k] = 1
	# per config and file
	kc = c SUBSEP k
	if (!(kc in cexe)) {
		cexe[kc] = 1
		clines[c, f]++
	}
	if (w[2] + 0 > 0 && !(kc in cran)) {
		cran[kc] = 1
		cruns[c, f]++
	}
	next
}

# func_of FILE LINE: the function whose first line is the last one at or
# before LINE ("?" when none).
function func_of(file, line,    n, i, names, best, bl) {
	n = split(fnames[file], names, SUBSEP)
	best = "?"; bl = 0
	for (i = 2; i <= n; i++)
		if (fnline[file, names[i]] <= line && fnline[file, names[i]] > bl) {
			bl = fnline[file, names[i]]
			best = names[i]
		}
	return best
}

function pct(r, e) {
	return e ? sprintf("%5.1f%%", 100 * r / e) : "     -"
}

# source_line FILE LINE: the line of the tree, blanks squeezed.
function source_line(file, line,    l, n) {
	if (!(file in read_file)) {
		read_file[file] = 1
		n = 0
		while ((getline l < (src file)) > 0)
			text[file, ++n] = l
		close(src file)
	}
	l = text[file, line]
	gsub(/[ \t]+/, " ", l)
	sub(/^ /, "", l)
	return l
}

END {
	printf "Coverage (gcov, make coverage): configs %s\n", configs
	printf "{\n  \"configs\": %s,\n  \"patches\": [", json_str(configs) > json
	if (npatch) {
		printf "Lines the series adds, by patch: executable (gcov counts them), run in any config\n"
		printf "  %-60s %6s %6s %7s\n", "patch", "lines", "run", ""
		for (i = 1; i <= nadded; i++) {
			k = af[i] SUBSEP al[i]
			if (!(k in exe))
				continue
			pe[ap[i]]++; te++
			if (k in ran) {
				pr[ap[i]]++; tr++
			} else {
				nun++
				fn = func_of(af[i], al[i])
				printf "%s\t%s:%d\t%s\t%s\n", ap[i], af[i], al[i], fn,
					source_line(af[i], al[i]) > unreached
				g = ap[i] SUBSEP af[i] SUBSEP fn
				if (!(g in group))
					groups[++ngroup] = g
				group[g]++
			}
		}
		for (p = 1; p <= npatch; p++) {
			name = patches[p]
			sub(/\.patch$/, "", name)
			printf "  %-60s %6d %6d %7s\n", substr(name, 1, 60), pe[patches[p]], pr[patches[p]],
				pct(pr[patches[p]], pe[patches[p]])
			printf "%s\n    {\"patch\": %s, \"executable\": %d, \"run\": %d}", (p > 1 ? "," : ""),
				json_str(patches[p]), pe[patches[p]], pr[patches[p]] > json
		}
		printf "  %-60s %6d %6d %7s\n", "all", te, tr, pct(tr, te)
		printf "  added executable lines no test ran: %d (coverage/unreached.txt)\n", nun
		# The largest groups of them: patch, file and function.
		for (shown = 0; shown < 8 && shown < ngroup; shown++) {
			best = 0
			for (j = 1; j <= ngroup; j++)
				if (!(groups[j] in done) && (!best || group[groups[j]] > group[groups[best]]))
					best = j
			done[groups[best]] = 1
			split(groups[best], w, SUBSEP)
			if (!shown)
				printf "  the most of them:\n"
			printf "    %4d  %s  %s %s()\n", group[groups[best]], substr(w[1], 1, 4), w[2], w[3]
		}
	}
	printf "\n  ],\n  \"added_executable\": %d, \"added_run\": %d, \"unreached\": %d,\n  \"files\": [",
		te, tr, nun > json
	nj = 0
	if (has_nommu) {
		printf "Files of the NOMMU kernel (nommu config)\n"
		printf "  %-44s %6s %6s %7s\n", "file", "lines", "run", ""
		for (i = 1; i <= nnommu; i++) {
			f = nfile[i]
			printf "  %-44s %6d %6d %7s\n", f, clines["nommu", f], cruns["nommu", f],
				pct(cruns["nommu", f], clines["nommu", f])
			printf "%s\n    {\"config\": \"nommu\", \"file\": %s, \"executable\": %d, \"run\": %d}",
				(nj++ ? "," : ""), json_str(f), clines["nommu", f], cruns["nommu", f] > json
		}
	}
	printf "Files of the features, by config: lines run of executable\n"
	printf "  %-24s", "file"
	for (i = 1; i <= nconf; i++)
		printf " %22s", conf[i]
	printf "\n"
	for (j = 1; j <= nfeat; j++) {
		f = feat[j]
		printf "  %-24s", f
		for (i = 1; i <= nconf; i++) {
			c = conf[i]
			printf " %22s", sprintf("%d/%d %s", cruns[c, f], clines[c, f], pct(cruns[c, f], clines[c, f]))
			printf "%s\n    {\"config\": %s, \"file\": %s, \"executable\": %d, \"run\": %d}",
				(nj++ ? "," : ""), json_str(c), json_str(f), clines[c, f], cruns[c, f] > json
		}
		printf "\n"
	}
	printf "\n  ]\n}\n" > json
	if (!nun)
		printf "" > unreached
}
