# lines.awk: a log as an HTML page of numbered lines, each an anchor
# (#L12) that a run page can link to, the target shown highlighted.
# Needs html.awk (xml).  Usage: awk -v title=NAME -f html.awk -f lines.awk LOG
BEGIN {
	print "<!DOCTYPE html>"
	print "<html><head><meta charset=\"utf-8\">"
	print "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
	printf "<title>%s</title>\n", xml(title)
	print "<style>body{margin:0}pre{margin:0;padding:6px;overflow-x:auto}" \
	      "a.n{color:#888;text-decoration:none;display:inline-block;min-width:4em;text-align:right;margin-right:1em}" \
	      "span:target{background:#ffe680}</style>"
	print "</head><body><pre>"
}
{ printf "<span id=\"L%d\"><a class=\"n\" href=\"#L%d\">%d</a>%s</span>\n", NR, NR, NR, xml($0) }
END { print "</pre></body></html>" }
