# mutants.awk: the mutants of the lines a series adds (scripts/mutants).
# Input: coverage-lines' "patch<TAB>file<TAB>line" rows (added.tsv).
# Variables: src (the patched tree), seed (a whole number), only (a
# patch name prefix, e.g. 0016; empty: every patch).
# Output, one row per mutant:
#   key<TAB>id<TAB>patch<TAB>file<TAB>line<TAB>operator<TAB>mutated line
# (the mutated line may hold tabs: it is the rest of the row)
# key: a hash of seed and the mutant, to rank them by (so that the same
# seed picks the same mutants, whatever the order or the line numbers
# the rows come in).
# id: 8 hex digits of a hash of file, line text (and which of the
# file's lines with that text) and mutated text, the same for every seed: configs/mutants-equivalent names mutants by it.
#
# Only C code is mutated: *.c and *.h files outside Documentation/ and
# tools/, never a comment or a string, no preprocessor line but a
# #define's value.  The operators:
#   cmp     a comparison flipped (== !=, < >=, > <=) or loosened (< <=,
#           > >=) or tightened (<= <, >= >)
#   logic   && and || swapped
#   const   an integer constant plus or minus one
#   cond    the condition of an if or while negated, or forced 0 or 1
#   drop    a statement dropped (a call, an assignment, a break...)
#   flag    one flag of an OR of constants dropped (A | B -> A)
#   ret     a return value changed (0 -> -EINVAL, -E... -> 0, true <->
#           false, any other value -> 0)

# hash(s): a number below 2^31 - 1 from s (a polynomial of its bytes,
# then rounds of the Park-Miller generator, so that two strings that
# differ in their last bytes only do not get neighbouring numbers).
# Exact in any awk: no product reaches 2^53.
function hash(s,    h, i) {
	h = 0
	for (i = 1; i <= length(s); i++)
		h = (h * 31 + ord[substr(s, i, 1)]) % 2147483647
	for (i = 0; i < 3; i++)
		h = (h * 48271 + 1) % 2147483647
	return h
}

# code(s): s with comments, strings and character constants blanked
# (each character to a space but the quotes), so that the operators
# see code only and positions stay those of s.  incomment: whether a
# /* comment runs on from the line before (and on to the next).
function code(s,    out, i, c, d, q) {
	out = ""
	q = ""
	for (i = 1; i <= length(s); i++) {
		c = substr(s, i, 1)
		d = substr(s, i, 2)
		if (incomment) {
			if (d == "*/") { incomment = 0; out = out "  "; i++; continue }
			out = out " "
		} else if (q != "") {
			if (c == "\\") { out = out "  "; i++; continue }
			if (c == q) { q = ""; out = out c; continue }
			out = out " "
		} else if (d == "/*") {
			incomment = 1; out = out "  "; i++
		} else if (d == "//") {
			while (i++ <= length(s)) out = out " "
		} else if (c == "\"" || c == "'") {
			q = c; out = out c
		} else
			out = out c
	}
	return out
}

function emit(op, mutated) {
	if (mutated == text || (lineno SUBSEP mutated) in seen)
		return
	seen[lineno, mutated] = 1
	cand[++ncand] = patch "\t" file "\t" lineno "\t" op "\t" mutated
	# (the same text on another line of the file: told apart by which
	# of its lines it is, not by its number, which other patches move)
	idof[ncand] = sprintf("%08x", hash(file "\n" text "\n" nth "\n" mutated))
	key[ncand] = hash(idof[ncand] "\n" seed)
}

# at(pos, len, repl): text with len characters at pos replaced.
function at(pos, len, repl) {
	return substr(text, 1, pos - 1) repl substr(text, pos + len)
}

function isword(c) {
	return c ~ /[A-Za-z0-9_]/
}

# close_paren(s, p): the position of the ) that closes the ( at p in
# the code s, 0 when it is not on this line.
function close_paren(s, p,    depth, i, c) {
	depth = 0
	for (i = p; i <= length(s); i++) {
		c = substr(s, i, 1)
		if (c == "(") depth++
		else if (c == ")" && --depth == 0) return i
	}
	return 0
}

function mutate(c,    i, ch, two, prev, j, p, q, e, s2, w, v, body, m, cp, t) {
	# cmp and logic, one occurrence at a time.
	for (i = 1; i <= length(c); i++) {
		ch = substr(c, i, 1); two = substr(c, i, 2)
		prev = i > 1 ? substr(c, i - 1, 1) : ""
		if (two == "&&") { emit("logic", at(i, 2, "||")); i++; continue }
		if (two == "||") { emit("logic", at(i, 2, "&&")); i++; continue }
		if (two == "==") { emit("cmp", at(i, 2, "!=")); i++; continue }
		if (two == "!=") { emit("cmp", at(i, 2, "==")); i++; continue }
		if (two == "->" || two == "<<" || two == ">>") { i++; if (substr(c, i + 1, 1) == "=") i++; continue }
		if (prev == "-" && ch == ">") continue
		if (two == "<=") { emit("cmp", at(i, 2, "<")); emit("cmp", at(i, 2, ">")); i++; continue }
		if (two == ">=") { emit("cmp", at(i, 2, ">")); emit("cmp", at(i, 2, "<")); i++; continue }
		if (ch == "<") { emit("cmp", at(i, 1, "<=")); emit("cmp", at(i, 1, ">=")); continue }
		if (ch == ">") { emit("cmp", at(i, 1, ">=")); emit("cmp", at(i, 1, "<=")); continue }
	}
	# const: whole integer literals, not part of a name; 0 only goes up.
	for (i = 1; i <= length(c); i++) {
		ch = substr(c, i, 1)
		if (ch !~ /[0-9]/ || (i > 1 && isword(substr(c, i - 1, 1))))
			continue
		j = i
		while (j <= length(c) && isword(substr(c, j, 1))) j++
		w = substr(c, i, j - i)
		# (not past 2^28: the awks do not all count exactly beyond)
		if (w ~ /^0[xX]0*[0-9a-fA-F]?[0-9a-fA-F]?[0-9a-fA-F]?[0-9a-fA-F]?[0-9a-fA-F]?[0-9a-fA-F]?[0-9a-fA-F]?[uUlL]*$/ && w !~ /^0[xX][uUlL]*$/) {
			v = 0
			for (p = 3; p <= length(w) && substr(w, p, 1) ~ /[0-9a-fA-F]/; p++)
				v = v * 16 + index("0123456789abcdef", tolower(substr(w, p, 1))) - 1
			t = substr(w, p)
			emit("const", at(i, j - i, sprintf("0x%x%s", v + 1, t)))
			if (v > 0) emit("const", at(i, j - i, sprintf("0x%x%s", v - 1, t)))
		} else if (w ~ /^[0-9]+[uUlL]*$/ && w !~ /^[0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9]/) {
			v = w + 0
			t = w; sub(/^[0-9]+/, "", t)
			if (length(w) - length(t) > 1 && substr(w, 1, 1) == "0") { i = j; continue }	# octal
			emit("const", at(i, j - i, (v + 1) t))
			if (v > 0) emit("const", at(i, j - i, (v - 1) t))
		}
		i = j
	}
	# cond: if (...) and while (...) whose condition ends on this line:
	# negated (unless it is one comparison, whose flip is that), forced
	# 0 or 1 (unless it is a constant already).
	if (match(c, /(^|[^A-Za-z0-9_])(if|while) *\(/)) {
		p = RSTART + RLENGTH - 1
		q = close_paren(c, p)
		body = substr(text, p + 1, q - p - 1)
		if (q && body !~ /^[ \t]*[0-9]+[ \t]*$/) {
			w = substr(c, p + 1, q - p - 1)
			m = gsub(/==|!=|<=|>=|&&|\|\|/, "&", w)
			gsub(/->|<<|>>|<=|>=/, "", w)
			m += gsub(/[<>]/, "&", w)
			if (m != 1 || w ~ /&&|\|\|/)
				emit("cond", substr(text, 1, p) "!(" body ")" substr(text, q))
			emit("cond", substr(text, 1, p) "0" substr(text, q))
			emit("cond", substr(text, 1, p) "1" substr(text, q))
		}
	}
	# ret: the value of a return statement on one line.
	if (match(c, /(^|[^A-Za-z0-9_])return [^;]+;/)) {
		p = index(substr(c, RSTART), "return ") + RSTART - 1 + 7
		q = RSTART + RLENGTH - 1
		v = substr(text, p, q - p)
		if (v == "NULL") ;	# (0 would be the same)
		else if (v ~ /^0$/) emit("ret", at(p, q - p, "-EINVAL"))
		else if (v ~ /^-E[A-Z0-9]+$/) emit("ret", at(p, q - p, "0"))
		else if (v == "true") emit("ret", at(p, q - p, "false"))
		else if (v == "false") emit("ret", at(p, q - p, "true"))
		else emit("ret", at(p, q - p, "0"))
	}
	# drop: a whole statement on this line, not a declaration: a call,
	# an assignment, an increment, break, continue, goto.
	cp = c
	sub(/^[ \t]+/, "", cp)
	# (Not what only logs, asserts or exports: without a failure, or
	# modules, that cannot change what a test sees.)
	# (A line that goes on a statement begun above is no statement: the
	# code line before it must have ended one.  One with a comment's
	# start or end in it would lose them.)
	if (before ~ /^[;{}:)]$/ && text !~ /\/\*|\*\// &&
	    cp ~ /;[ \t]*$/ && cp !~ /^(return|case|default|else|do|for|if|while|switch)[^A-Za-z0-9_]/ &&
	    cp !~ /^(EXPORT_SYMBOL|WARN|BUG_ON|VM_BUG_ON|pr_|printk|might_sleep|lockdep_|trace_)/ &&
	    (cp ~ /^[A-Za-z_][A-Za-z0-9_]* *\(.*\);[ \t]*$/ ||
	     cp ~ /^[*(]*[A-Za-z_][]A-Za-z0-9_.>[-]*\)? *([-+*\/|&^]|<<|>>)?= [^=]/ ||
	     cp ~ /^(\+\+|--)[A-Za-z_][A-Za-z0-9_.>-]*;/ || cp ~ /^[A-Za-z_][A-Za-z0-9_.>-]*(\+\+|--);/ ||
	     cp ~ /^(break|continue|goto [A-Za-z_][A-Za-z0-9_]*);/)) {
		# (a call's line whose parentheses do not close there goes on)
		m = 0
		for (i = 1; i <= length(cp); i++) {
			ch = substr(cp, i, 1)
			if (ch == "(") m++
			else if (ch == ")") m--
		}
		if (m == 0) {
			match(text, /^[ \t]*/)
			emit("drop", substr(text, 1, RLENGTH) ";")
		}
	}
	# flag: A | B where both sides are constants' names: one dropped,
	# with the | and the blanks between them.
	for (i = 2; i < length(c); i++) {
		if (substr(c, i, 1) != "|" || substr(c, i - 1, 1) == "|" || substr(c, i + 1, 1) ~ /[|=]/)
			continue
		t = substr(c, 1, i - 1)
		if (!match(t, /[A-Z][A-Z0-9_]+ *$/) || (RSTART > 1 && isword(substr(t, RSTART - 1, 1))))
			continue
		p = RSTART				# the left name, and its end
		e = p + length(t) - RSTART
		while (substr(c, e, 1) == " ") e--
		w = substr(c, i + 1)
		if (!match(w, /^ *[A-Z][A-Z0-9_]+/) || isword(substr(w, RLENGTH + 1, 1)))
			continue
		s2 = i + RSTART				# the right name, and its end
		while (substr(c, s2, 1) == " ") s2++
		q = i + RLENGTH
		emit("flag", substr(text, 1, p - 1) substr(text, s2))
		emit("flag", substr(text, 1, e) substr(text, q + 1))
	}
}

BEGIN {
	FS = "\t"
	for (i = 1; i < 256; i++)
		ord[sprintf("%c", i)] = i
	seed += 0
}

# The rows: which lines of which file, by patch.
{
	if (only != "" && index($1, only) != 1)
		next
	# (C only; not other architectures' files, which no config builds)
	if ($2 !~ /\.[ch]$/ || $2 ~ /^(Documentation|tools)\// ||
	    ($2 ~ /^arch\// && $2 !~ /^arch\/(um|x86)\//))
		next
	want[$2, $3] = $1
	if (!($2 in files)) { files[$2] = 1; order[++nfiles] = $2 }
}

END {
	for (f = 1; f <= nfiles; f++) {
		file = order[f]
		incomment = 0
		lineno = 0
		prevend = ";"
		while ((getline text < (src "/" file)) > 0) {
			lineno++
			nth = ++lines[file, text]
			c = code(text)
			# how the code line before this one ended (drop)
			before = prevend
			if (c !~ /^[ \t]*#/ && match(c, /[^ \t][ \t]*$/))
				prevend = substr(c, RSTART, 1)
			if (!((file, lineno) in want))
				continue
			patch = want[file, lineno]
			# a preprocessor line: only a #define's value
			if (c ~ /^[ \t]*#/) {
				if (!match(c, /^[ \t]*#[ \t]*define[ \t]+[A-Za-z_][A-Za-z0-9_]*(\([^)]*\))?[ \t]+/))
					continue
				c = sprintf("%" RSTART + RLENGTH - 1 "s", "") substr(c, RSTART + RLENGTH)
			}
			# (not what only the compiler sees: build-time checks, and
			# the while (0) that ends a macro's do-block)
			if (c !~ /[^ \t{}]/ || c ~ /^[ \t]*(BUILD_BUG_ON|static_assert|_Static_assert)/ ||
			    c ~ /^[ \t]*}[ \t]*while[ \t]*\([ \t]*0[ \t]*\)/)
				continue
			mutate(c)
		}
		close(src "/" file)
	}
	# key first: scripts/mutants sorts, and keeps the first n
	for (i = 1; i <= ncand; i++)
		print key[i] "\t" idof[i] "\t" cand[i]
}
