#!/bin/bash
# Fetches what bench.sh compares metricc with into WORK ($METRICC_BENCH, else bench/work):
# each official scorer at the commit the figures of docs/performance.md were measured with,
# the CoNLL 2018 system outputs, the CoNLL-2003 English test set, and a virtual environment
# with numpy and scipy for coval and conll16st. Needs git, perl, python3 and the network.
set -euo pipefail
B=$(cd "$(dirname "$0")" && pwd)
W=${METRICC_BENCH:-$B/work}
PY=${PYTHON:-python3}
GIT=${BENCH_GIT:-https://github.com} # where the repositories are cloned from
mkdir -p "$W/data/conll18" "$W/data/ner"
cd "$W"

at() { # URL DIR COMMIT: a clone of URL at COMMIT
	[ -d "$2/.git" ] || git clone -q "$1" "$2"
	git -C "$2" checkout -q "$3"
}

at $GIT/ufal/conll2018 .src/conll2018 f2bc4dd
cp .src/conll2018/evaluation_script/conll18_ud_eval.py .

at $GIT/glample/tagger .src/tagger 1c96188
cp .src/tagger/evaluation/conlleval conlleval.pl
cp .src/tagger/dataset/eng.testb data/ner/eng.testb

at $GIT/ns-moosavi/coval coval 87071a6

# conll16st is Python 2: its scripts converted by lib2to3 (Python 3.12 or older), 2to3's
# relative imports made absolute again, as testdata/conll16/run_official.py does.
at $GIT/attapol/conll16st .src/conll16st a65be4b
rm -rf conll16st-py3 && mkdir conll16st-py3 && cp -r .src/conll16st/* conll16st-py3/
$PY -W ignore -m lib2to3 -w -n -f all conll16st-py3 >/dev/null 2>&1
sed -i -E 's/^from \. import /import /; s/^from \.([A-Za-z_0-9]+) import/from \1 import/' conll16st-py3/*.py

# The official submissions of CoNLL 2018 (gold, UDPipe-Future, HIT-SCIR-18), branch
# conll2018 (8c590c2 when the figures were measured).
if [ ! -d data/conll18/00-gold-standard ]; then
	git clone -q --depth 1 --branch conll2018 --filter=blob:none --sparse $GIT/pkolachi/depparse-conll-data .src/depparse
	git -C .src/depparse sparse-checkout set official-submissions/00-gold-standard official-submissions/UDPipe-Future official-submissions/HIT-SCIR-18
	cp -r .src/depparse/official-submissions/* data/conll18/
fi

[ -x venv/bin/python ] || { $PY -m venv venv && venv/bin/pip -q install numpy scipy; }
echo "fetched into $W; next: bench/bench.sh prepare" >&2
