# figures.gp: the coredump figures of a run as a bar chart (SVG): for
# each, the bytes the coredump socket carried as a percentage of the
# dump's size, this kernel's beside upstream 7.4's, on a log scale (a
# sparse dump is a thousandth of a plain one).  scripts/report runs it:
#   gnuplot -e "data='FILE'; out='SVG'" figures.gp
set terminal svg size 760,380 dynamic font "sans,11"
set output out
set datafile missing "?"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.8 border -1
set logscale y
set yrange [0.01:300]
set ylabel "bytes on the socket, % of the dump"
set xtics rotate by -25 left nomirror
set bmargin 7
set key outside top center horizontal
set grid ytics
plot data using 2:xtic(1) title "this kernel", "" using 3 title "upstream 7.4"
