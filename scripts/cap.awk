# cap.awk: what the host keeps of a guest's KTAP stream (scripts/boot:
# the guest's tty1, tests.raw, to tests.out).  Of each stretch between
# two framing lines (a program's output, an attempt's) it keeps the
# first and the last `keep` bytes, and between them, up to `keep` bytes
# more, the KTAP result, plan and figure lines, each with the few lines
# before it (a failed case's reasons), so that the verdict stays the
# same; a line longer than `keep` loses its end.  Where it dropped
# output it says how much with a framing line of its own, "# uml-testbed
# TOKEN: cut BYTES" (scripts/ktap.awk).  Usage:
#
#   LC_ALL=C awk -v token=TOKEN -v keep=BYTES -f cap.awk tests.raw >tests.out

BEGIN {
	frame = "# uml-testbed " token ": "
	context = 10	# lines kept before a result line
	ring_first = 1
}

# flush_cut: say how much went since the last line kept.
function flush_cut() {
	if (dropped)
		print frame "cut " dropped
	dropped = 0
}

# drop_ring N: the lines waiting to be the tail go, but the last N.
function drop_ring(n) {
	for (; ring_last - ring_first >= n; ring_first++) {
		ring_bytes -= length(ring[ring_first]) + 1
		dropped += length(ring[ring_first]) + 1
		delete ring[ring_first]
	}
}

# print_ring: after a note of what went before them, the lines waiting.
function print_ring() {
	flush_cut()
	for (; ring_first <= ring_last; ring_first++) {
		print ring[ring_first]
		delete ring[ring_first]
	}
	ring_first = 1; ring_last = 0; ring_bytes = 0
}

index($0, frame) == 1 {
	print_ring()
	head = 0; results = 0
	print
	next
}

length($0) > keep {
	dropped += length($0) - keep
	$0 = substr($0, 1, keep)
}

head < keep {
	head += length($0) + 1
	print
	next
}

results < keep && /^[ \t]*((not )?ok [0-9]|1\.\.[0-9]|# figure: )/ {
	drop_ring(context)
	results += ring_bytes + length($0) + 1
	print_ring()
	print
	next
}

# The tail: the last lines that fit in keep bytes.
{
	ring[++ring_last] = $0
	ring_bytes += length($0) + 1
	while (ring_bytes > keep && ring_first < ring_last) {
		ring_bytes -= length(ring[ring_first]) + 1
		dropped += length(ring[ring_first]) + 1
		delete ring[ring_first++]
	}
}

END {
	print_ring()
}
