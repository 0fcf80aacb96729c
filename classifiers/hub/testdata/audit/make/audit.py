#!/usr/bin/env python3
"""Label audit of urls.tsv (Python 3 standard library).

    audit.py pool TSV SEED K DIR   the URLs of TSV (a crawl hub split file) shuffled with SEED into K parts: DIR/pool.tsv
                                   (id label url host) and DIR/tolabel.tsv (id url, what the annotators saw), or,
                                   with K > 1, the same in DIR/1 … DIR/K
    audit.py gold POOL A B OUT     the URLs of POOL (id label url host) that annotators A and B both label hub, or
                                   both topic: OUT (their label) and OUT.orig.tsv (urls.tsv's label); prints the
                                   agreement and how often urls.tsv's label differs
    audit.py clean URLS OUT DIR... urls.tsv with each URL's label replaced by the audit label where both annotators
                                   of its DIR (pool.tsv and two labels-*.tsv) agree on hub or topic
"""
import collections, csv, glob, os, random, sys

def rows(path):
    with open(path) as f:
        return list(csv.DictReader(f, delimiter='\t', quoting=csv.QUOTE_NONE))

def labels(path, ids):
    out = {}
    for r in rows(path):
        assert r['label'] in ('hub', 'topic', 'other') and r['id'] not in out, (path, r)
        out[r['id']] = r['label']
    assert set(out) == set(ids), path
    return out

def agreed(pool, a, b):
    """id -> hub/topic where the two annotators agree on it; prints their agreement."""
    ids = [r['id'] for r in pool]
    la, lb = labels(a, ids), labels(b, ids)
    n, labs = len(ids), ('hub', 'topic', 'other')
    agree = sum(la[i] == lb[i] for i in ids) / n
    ca, cb = collections.Counter(la.values()), collections.Counter(lb.values())
    pe = sum(ca[l] * cb[l] for l in labs) / n ** 2
    print('%s: agreement %.4f, Cohen\'s kappa %.4f over %d URLs; %s %s, %s %s' % (
        a.rsplit('/', 2)[0], agree, (agree - pe) / (1 - pe), n, a.rsplit('/', 1)[1], dict(ca), b.rsplit('/', 1)[1], dict(cb)))
    return {i: la[i] for i in ids if la[i] == lb[i] and la[i] != 'other'}

def gold(pool_path, a, b, out):
    pool = rows(pool_path)
    g = agreed(pool, a, b)
    diff = collections.Counter()
    with open(out, 'w') as o, open(out[:-4] + '.orig.tsv', 'w') as q:
        o.write('label\turl\thost\n')
        q.write('label\turl\thost\n')
        for r in pool:
            if r['id'] in g:
                o.write('%s\t%s\t%s\n' % (g[r['id']], r['url'], r['host']))
                q.write('%s\t%s\t%s\n' % (r['label'], r['url'], r['host']))
                diff[(r['label'], g[r['id']])] += 1
    n = sum(diff.values())
    print('gold %d URLs; urls.tsv label -> audit label: %s; differs on %.4f' % (
        n, dict(diff), sum(v for (o, a), v in diff.items() if o != a) / n))

def clean(urls_path, out, dirs):
    audit = {}
    for d in dirs:
        a, b = sorted(glob.glob(d + '/labels-*.tsv'))
        pool = rows(d + '/pool.tsv')
        for i, lab in agreed(pool, a, b).items():
            audit[pool[int(i) - 1]['url']] = lab
    with open(urls_path) as f:
        lines = f.read().split('\n')
    changed = collections.Counter()
    with open(out, 'w') as o:
        o.write(lines[0] + '\n')
        for line in lines[1:]:
            if not line:
                continue
            f = line.split('\t')
            if f[1] in audit and audit[f[1]] != f[0]:
                changed[(f[0], audit[f[1]])] += 1
                f[0] = audit[f[1]]
            o.write('\t'.join(f) + '\n')
    print('%s: %d URLs audited and agreed, labels changed %s' % (out, len(audit), dict(changed)))

def pool(tsv, seed, k, out):
    with open(tsv) as f:
        urls = [l.rstrip('\n').split('\t') for l in f][1:]
    idx = list(range(len(urls)))
    random.Random(int(seed)).shuffle(idx)
    k = int(k)
    for c in range(k):
        d = out if k == 1 else os.path.join(out, str(c + 1))
        os.makedirs(d, exist_ok=True)
        with open(d + '/pool.tsv', 'w') as p, open(d + '/tolabel.tsv', 'w') as t:
            p.write('id\tlabel\turl\thost\n')
            t.write('id\turl\n')
            for i, j in enumerate(idx[c::k]):
                p.write('%d\t%s\t%s\t%s\n' % (i + 1, urls[j][0], urls[j][1], urls[j][2]))
                t.write('%d\t%s\n' % (i + 1, urls[j][1]))
        print(d, len(idx[c::k]), 'URLs')

if __name__ == '__main__':
    if sys.argv[1:2] == ['pool'] and len(sys.argv) == 6:
        pool(*sys.argv[2:6])
    elif sys.argv[1:2] == ['gold'] and len(sys.argv) == 6:
        gold(*sys.argv[2:6])
    elif sys.argv[1:2] == ['clean'] and len(sys.argv) >= 5:
        clean(sys.argv[2], sys.argv[3], sys.argv[4:])
    else:
        sys.exit(__doc__)
