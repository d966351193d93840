# ratios.gp: a bench table's ratios as a bar chart (SVG): each row's
# ratio (this kernel's) beside upstream's, on a log scale around 1 (the
# line: no change).  scripts/bench runs it:
#   gnuplot -e "data='FILE'; out='SVG'; ylabel='WHAT'" ratios.gp
set terminal svg size 900,420 dynamic font "sans,11"
set output out
set datafile missing "?"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.8 border -1
set logscale y
set yrange [0.02:5]
set ylabel ylabel
set xtics rotate by -25 left nomirror
set bmargin 8
set key outside top center horizontal
set grid ytics
plot data using 2:xtic(1) title "this kernel", "" using 3 title "upstream", 1 notitle lc rgb "black" dt 2
