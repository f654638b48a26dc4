"""Best match counts smatch (c01a838) finds for the small file pairs, used by
TestMatchCounts. Run from adapter/penman/testdata:
    PYTHONPATH=/tmp/smatch python3 smatch_pairs.py
Prints: file1 file2 pair match test_total gold_total (smatch.get_amr_match,
200 hill-climbing starts per pair, seeded).
"""
import sys
import amr, smatch, random
smatch.iteration_num = 200
def go(f1, f2):
    a1 = open(f1); a2 = open(f2)
    for i, (l1, l2) in enumerate(smatch.generate_amr_lines(a1, a2)):
        random.seed(i)
        m, t, g = smatch.get_amr_match(l1, l2)
        smatch.match_triple_dict.clear()
        print(f1.split('/')[-1], f2.split('/')[-1], i + 1, m, t, g)
for a, b in [("cases/smatch-test_input1.txt", "cases/smatch-test_input2.txt"),
             ("cases/mtool-233.system.amr", "cases/mtool-233.gold.amr"),
             ("cases/mtool-first.system.amr", "cases/mtool-first.gold.amr"),
             ("cases/metric-suite-a.txt", "cases/metric-suite-b.txt")]:
    go(a, b)
