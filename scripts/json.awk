# json.awk: JSON strings, for the awk programs that write JSON (report,
# coverage: -f json.awk before them).  No backslash in a sub() or
# gsub() replacement: awks differ there (busybox drops the one before
# '"' and 't', gawk and mawk differ on "\\\\"), so the escapes are
# spliced in by index().

# subst S FROM TO: S with every FROM (a string, not a pattern) made TO.
function subst(s, from, to,    out, i) {
	out = ""
	while ((i = index(s, from)) > 0) {
		out = out substr(s, 1, i - 1) to
		s = substr(s, i + length(from))
	}
	return out s
}

# json_str S: S as a JSON string; other control characters as blanks.
function json_str(s) {
	# A copy first: gawk 5.2.1 aborts (double free) when such an
	# argument, an array element the call made, is passed on to subst().
	s = s ""
	s = subst(subst(subst(s, "\\", "\\\\"), "\"", "\\\""), "\t", "\\t")
	gsub(/[\001-\037]/, " ", s)
	return "\"" s "\""
}

# json_lines S: a JSON string of text that has lines.
function json_lines(s) {
	s = s ""
	s = subst(subst(subst(subst(s, "\\", "\\\\"), "\"", "\\\""), "\t", "\\t"), "\n", "\\n")
	gsub(/[\001-\037]/, " ", s)
	return "\"" s "\""
}
