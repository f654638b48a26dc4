#!/bin/sh
# Writes the raw-tag files of testdata/ner/raw and what conlleval prints on
# them (see ../README.md). CONLLEVAL is the 2004-01-26 script, run with perl.
#   sh record.sh /path/to/conlleval
set -e
CONLLEVAL=$1
cd "$(dirname "$0")"
# Raw tags: the CoNLL-2003 excerpt and its first prediction without prefixes.
for f in gold pred; do
  src=../conll2003/$f.iob2.txt
  [ $f = pred ] && src=../conll2003/pred.iob2.1.txt
  awk 'NF==0{print;next}{t=$NF; sub(/^[BIES]-/,"",t); print $1" "t}' $src > $f.txt
  # The same tags as IO (IOB1 without B-): I- before every tag but O.
  awk 'NF==0{print;next}{t=$2; if (t!="O") t="I-"t; print $1" "t}' $f.txt > io-$f.txt
done
paste -d' ' gold.txt pred.txt | awk 'NF==0{print "";next}{print $1" "$2" "$4}' > /tmp/raw-pasted.txt
paste -d' ' gold.txt gold.txt | awk 'NF==0{print "";next}{print $1" "$2" "$4}' > /tmp/raw-gold.txt
perl "$CONLLEVAL" -r < /tmp/raw-pasted.txt > conlleval-r.txt
perl "$CONLLEVAL" -r < /tmp/raw-gold.txt > conlleval-r-gold.txt
paste -d' ' io-gold.txt io-pred.txt | awk 'NF==0{print "";next}{print $1" "$2" "$4}' > /tmp/io-pasted.txt
paste -d' ' io-gold.txt io-gold.txt | awk 'NF==0{print "";next}{print $1" "$2" "$4}' > /tmp/io-gold.txt
perl "$CONLLEVAL" < /tmp/io-pasted.txt > conlleval-io.txt
perl "$CONLLEVAL" < /tmp/io-gold.txt > conlleval-io-gold.txt
