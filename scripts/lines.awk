# lines.awk: a log as an HTML page of numbered lines, each an anchor
# (#L12) that a run page can link to, the target shown highlighted.
# Needs html.awk (xml).  A page is written by lines_start(PAGE, TITLE),
# lines_line(PAGE, N, TEXT) for each line N, then lines_end(PAGE), so
# that one awk (report-clean.awk) writes the pages of all the logs.
function lines_start(page, title) {
	print "<!DOCTYPE html>" >page
	print "<html><head><meta charset=\"utf-8\">" >page
	print "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">" >page
	printf "<title>%s</title>\n", xml(title) >page
	print "<style>body{margin:0}pre{margin:0;padding:6px;overflow-x:auto}" \
	      "a.n{color:#888;text-decoration:none;display:inline-block;min-width:4em;text-align:right;margin-right:1em}" \
	      "span:target{background:#ffe680}</style>" >page
	print "</head><body><pre>" >page
}
function lines_line(page, n, s) {
	printf "<span id=\"L%d\"><a class=\"n\" href=\"#L%d\">%d</a>%s</span>\n", n, n, n, xml(s) >page
}
function lines_end(page) {
	print "</pre></body></html>" >page
	close(page)
}
