"""garbage-docs.py SEED N OUT: N one-document files whose coreference
columns are random strings of brackets, bars, plus signs and digits; most
are malformed (see README)."""
import random, sys

ALPHA = ['(', ')', '|', '+', '1', '2', '0', '12', '(1', '1)', '(2)', '-', '_', '(1+2)', '3']

seed, n, out = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
rng = random.Random(seed)
for k in range(n):
    with open('%s/%04d.conll' % (out, k), 'w') as f:
        f.write('#begin document (g%04d); part 000\n' % k)
        for j in range(rng.randint(1, 8)):
            col = ''.join(rng.choice(ALPHA) for _ in range(rng.randint(0, 5))) or '-'
            f.write('w%d\t%s\n' % (j, col))
        f.write('#end document\n')
