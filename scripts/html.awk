# html.awk: what the HTML pages share (report.awk's run page, history.awk's
# list of runs): text made safe for HTML, and whether a link leads to a file.

function xml(s) {
	gsub(/&/, "\\&amp;", s); gsub(/</, "\\&lt;", s); gsub(/>/, "\\&gt;", s)
	gsub(/"/, "\\&quot;", s); gsub(/[\001-\010\013\014\016-\037]/, " ", s)
	return s
}

# exists PATH: can PATH be read?  (A link must lead somewhere.)
function exists(path,    r, line) {
	if (path == "") return 0	# (gawk stops at a getline from "")
	r = (getline line < path)
	if (r >= 0)
		close(path)
	return r >= 0
}
