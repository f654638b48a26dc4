#!/bin/bash
# metricc's speed against the official scorers, and one build against another. See README.md.
#
#   bench/fetch.sh                                 # once: the official scorers and the UD and NER data
#   bench/bench.sh prepare                         # once: the generated corpora and the NER files
#   bench/bench.sh build [REV] NAME                # WORK/metricc-NAME from this work tree, or from commit REV
#   bench/bench.sh peers NAME... [-r N] [--only TASK,...] [--workers all,1]  # each binary against each official scorer (CPU, RSS)
#   bench/bench.sh workers NAME... [-r N] [--only TASK,...]  # --workers 2 against --workers 1 (wall time)
#   bench/bench.sh check NAME...                   # every count against conll18_ud_eval.py and conlleval
#   bench/bench.sh compare OLD NEW [-r N]          # outputs byte-identical, CPU of OLD against NEW
#
# WORK is $METRICC_BENCH, else bench/work (ignored by git).
set -euo pipefail
B=$(cd "$(dirname "$0")" && pwd)
REPO=$(dirname "$B")
W=${METRICC_BENCH:-$B/work}
PY=${PYTHON:-python3}

build() { # [REV] NAME: the work tree as it is, or commit REV (exported with git archive)
	if [ $# -eq 2 ]; then
		local src=$W/src/$2
		rm -rf "$src" && mkdir -p "$src"
		git -C "$REPO" archive "$1" | tar x -C "$src"
		(cd "$src" && go build -o "$W/metricc-$2" ./cmd/metricc)
		echo "built $W/metricc-$2 from $(git -C "$REPO" rev-parse --short "$1")" >&2
		return
	fi
	(cd "$REPO" && go build -o "$W/metricc-$1" ./cmd/metricc)
	echo "built $W/metricc-$1 from the work tree ($(git -C "$REPO" rev-parse --short HEAD)$(git -C "$REPO" status --porcelain --untracked-files=no | grep -q . && echo ', with uncommitted changes'))" >&2
}

prepare() {
	local d=$W/data
	cd "$REPO"
	[ -f $d/coref/key.conll ] || go run ./internal/cmd/corefgen -out $d/coref
	[ -f $d/coref10/key.conll ] || go run ./internal/cmd/corefgen -docs 3480 -out $d/coref10
	[ -f $d/conll16/gold.json ] || go run ./internal/cmd/conll16gen -docs 1000 -seed 1 -out $d/conll16
	[ -f $d/nergen/gold.txt ] || go run ./internal/cmd/nergen -out $d/nergen
	[ -d $d/eael/key ] || go run ./internal/cmd/eaelgen -out $d/eael
	mkdir -p $d/ud-perturbed
	[ -f $d/ud-perturbed/en_ewt.conllu ] || go run ./internal/cmd/udperturb -seed 1 -rate 0.1 $d/conll18/00-gold-standard/en_ewt.conllu > $d/ud-perturbed/en_ewt.conllu
	[ -f $d/ner/paste.iob1.txt ] || $PY "$B/make_ner.py" $d/ner/eng.testb "$REPO/testdata/ner/record_conll.py" $d/ner
}

case "${1:-}" in
prepare) prepare ;;
build) shift; build "$@" ;;
peers | workers | check | compare)
	(cd "$REPO" && go build -o "$W/runstat" ./bench/runstat) # what measures each run
	exec $PY "$B/bench.py" "$@" ;;
*) sed -n '2,12p' "$0" ;;
esac
