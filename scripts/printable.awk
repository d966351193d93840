# printable.awk: printable_line(LINE): a line, already valid UTF-8 and
# without NULs (iconv -c, tr -d '\000': printable in lib.sh), as text
# that a terminal, JSON and XML all take: a tty's carriage return at its
# end goes; the other control characters but tab (C0, DEL, C1: terminal
# escapes) and the two non-characters XML refuses become '?'.  Run with
# LC_ALL=C.  With -v filter=1 it prints each line of its input so.
function printable_line(s) {
	sub(/\r$/, "", s)
	gsub(/[\001-\010\013-\037\177]/, "?", s)
	gsub(/\302[\200-\237]|\357\277[\276\277]/, "?", s)
	return s
}

filter { print printable_line($0) }
