"""ddfirst.py BEFORE.dump AFTER.dump: the records of two pagecost dumps (pagecost -onpage -cluster -dump F DIR:
-cluster gives every field its key, whose first segment is the record's root holding it) compared per page.

For each page whose records changed (compared by their values, as multisets): records before -> after, records
whose first value sits in a dd (a record starting at a description) before -> after, records lost and gained.
Then the totals, and for each dump the records of several roots that hold a heading (h1-h6) or a header row (a tr
of th cells) after their first root: a heading or header row that should have started the record.
"""
import collections
import json
import re
import sys

HEAD = re.compile(r'^h[1-6](\.|$)')


def load(path):
    pages = collections.defaultdict(list)
    for line in open(path):
        page, _, fields = line.rstrip('\n').split('\t', 2)
        pages[page].append([(f['Value'], f['Key']) for f in json.loads(fields)])
    return pages


def roots(rec):
    """The roots of a record's keyed values in order, repeats merged; a tr named by its first cell's tag."""
    out = []
    for _, key in rec:
        if not key:
            continue
        parts = re.split(r'[/=\[]', key)
        r = parts[0]
        if r.startswith('tr'):
            r = 'tr/th' if len(parts) > 1 and parts[1].startswith('th') else 'tr/td'
        if not out or out[-1] != r:
            out.append(r)
    return out


def dd_first(recs):
    return sum(1 for r in recs if roots(r)[:1] and re.match(r'^dd(\.|$)', roots(r)[0]))


def heading_later(recs):
    head = lambda r: HEAD.match(r) or r == 'tr/th'
    return sum(1 for r in recs if len(roots(r)) > 1 and not head(roots(r)[0]) and any(head(x) for x in roots(r)[1:]))


before, after = load(sys.argv[1]), load(sys.argv[2])
total = collections.Counter()
for page in sorted(set(before) | set(after)):
    b, a = before.get(page, []), after.get(page, [])
    vb = collections.Counter(tuple(v for v, _ in r) for r in b)
    va = collections.Counter(tuple(v for v, _ in r) for r in a)
    if vb == va:
        continue
    lost, gained = sum((vb - va).values()), sum((va - vb).values())
    print(f'{page}\t{len(b)} -> {len(a)}\tdd first {dd_first(b)} -> {dd_first(a)}\tlost {lost}\tgained {gained}')
    total.update(pages=1, lost=lost, gained=gained)
for name, dump in (('before', before), ('after', after)):
    recs = [r for rs in dump.values() for r in rs]
    total[name + ' records'] = len(recs)
    total[name + ' dd first'] = dd_first(recs)
    total[name + ' heading later'] = heading_later(recs)
print(dict(total))
