"""random-docs.py SEED N OUT: N random documents whose coreference columns
mix one-token mentions, openings and closings of nested and crossing
mentions, chain ids with leading zeros, annotations written with and
without "|" in any order, split-antecedent marks and stray characters.
Documents on which the official scorer stops (unclosed or unopened
mentions) are left out by the caller (see README)."""
import random, sys

IDS = ['0', '1', '2', '3', '12', '01', '007', '7']

def doc(rng, n):
    opens = [[] for _ in range(n)]
    closes = [[] for _ in range(n)]
    singles = [[] for _ in range(n)]
    for _ in range(rng.randint(0, 2 * n)):
        c = rng.choice(IDS)
        a = rng.randrange(n)
        b = min(n - 1, a + rng.choice([0, 0, 1, 2, 3, 5]))
        if a == b and rng.random() < 0.8:
            singles[a].append(c)
        else:
            opens[a].append(c)
            closes[b].append(c)
    lines = []
    for t in range(n):
        pieces = ['(' + c + ')' for c in singles[t]] + ['(' + c for c in opens[t]] + [c + ')' for c in closes[t]]
        if rng.random() < 0.1:
            pieces.append('(%d+%d)' % (rng.randint(0, 20), rng.randint(0, 9)))
        if rng.random() < 0.03:
            pieces.append(rng.choice(['x', '+', '|', '-']))
        if rng.random() < 0.5:
            rng.shuffle(pieces)
        sep = rng.choice(['|', '', '|'])
        lines.append(sep.join(pieces) or rng.choice(['-', '_']))
    return lines

seed, n, out = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
rng = random.Random(seed)
for k in range(n):
    with open('%s/%04d.conll' % (out, k), 'w') as f:
        f.write('#begin document (r%04d); part 000\n' % k)
        for j, l in enumerate(doc(rng, rng.randint(1, 20))):
            if j and j % 7 == 0:
                f.write('\n')
            f.write('w%d\t%s\n' % (j, l))
        f.write('#end document\n')
