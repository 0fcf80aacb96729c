"""lostsplit.py BEFORE.dump AFTER.dump: the records of two pagecost dumps (pagecost -onpage -cluster -dump F DIR)
compared per page by their values, the records lost sorted into those split (a lost record whose values are those of
two or more consecutive gained records, in order) and others; the gained records that are no split's part are new
(their first values shown, up to six a page). One line a changed page: records before -> after, split, other lost,
new. The figures of README.md's "Options lost by the definition-list change".
"""
import collections, json, sys
def load(path):
    pages = collections.defaultdict(list)
    for line in open(path):
        page, _, fields = line.rstrip('\n').split('\t', 2)
        pages[page].append(tuple(f['Value'] for f in json.loads(fields)))
    return pages
b, a = load(sys.argv[1]), load(sys.argv[2])
for page in sorted(set(b)|set(a)):
    vb, va = collections.Counter(b.get(page,[])), collections.Counter(a.get(page,[]))
    if vb == va: continue
    lost, gained = list((vb-va).elements()), list((va-vb).elements())
    # a lost record split into gained ones: its values == concatenation of some gained records (in order)
    used = set(); split = 0; other_lost = []
    for l in lost:
        L = list(l); ok = False
        for i in range(len(gained)):
            acc = []; j = i
            while j < len(gained) and len(acc) < len(L):
                acc += list(gained[j]); j += 1
                if acc == L and j - i >= 2:
                    ok = True; used.update(range(i, j)); break
            if ok: break
        if ok: split += 1
        else: other_lost.append(l)
    new = [g for k, g in enumerate(gained) if k not in used]
    print(f"{page.split('/')[-1]}\t{len(b.get(page,[]))}->{len(a.get(page,[]))}\tsplit {split}\tother lost {len(other_lost)}\tnew {len(new)}\t" +
          " | ".join(g[0][:30] for g in new[:6]) + ("  LOST: " + " | ".join(l[0][:30]+'/'+str(len(l)) for l in other_lost[:4]) if other_lost else ""))
