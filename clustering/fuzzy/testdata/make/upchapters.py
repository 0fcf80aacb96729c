#!/usr/bin/env python3
"""Topic purity of a crawl's fuzzy topics against the chapters of a manual.

Each page's chapter is found by rule from the manual's own navigation: the
chain of "up" links (texinfo's rel="up", DocBook's accesskey="u") from the
page to a page without one (texinfo's split chapters; DocBook's index.html);
the chapter is the page --level steps below the top of the chain (0 for
texinfo, 2 for PostgreSQL's index > part > chapter), or the page itself if
the chain is shorter.

    go build -o /tmp/sitetopics ./clustering/fuzzy/cmd/sitetopics
    /tmp/sitetopics -db W/on-1.db -pages /tmp/pages.tsv
    python3 clustering/fuzzy/testdata/make/upchapters.py -site /usr/share/doc/maxima-doc/html /tmp/pages.tsv

prints the purity (the share of the pages in topics that are in their
topic's most common chapter) and the pair precision and recall (pairs of
pages in one topic that share a chapter, of all such pairs); -tsv FILE
also writes path, chapter and title of every page (testdata/maxima-titles.tsv
was made so, from the crawl of 2026-12-07).
"""
import argparse
import collections
import os
import re

UP = [re.compile(r'<a href="([^"#]*)[^"]*"[^>]*rel="up"'), re.compile(r'<a accesskey="u" href="([^"#]*)')]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('-site', required=True, help='directory the crawl served')
    ap.add_argument('-level', type=int, default=0, help='steps below the top of the chain of up links')
    ap.add_argument('-tsv', help='write path, chapter, title of every page here')
    ap.add_argument('pages', help='sitetopics -pages output: seq, path, topic, title')
    a = ap.parse_args()
    rows = [line.rstrip('\n').split('\t') for line in open(a.pages, encoding='utf-8')]
    up = {}

    def upof(path):
        if path not in up:
            up[path] = None
            f = os.path.join(a.site, path.lstrip('/'))
            if os.path.isfile(f):
                html = open(f, encoding='utf-8', errors='replace').read()
                for rx in UP:
                    m = rx.search(html)
                    if m:
                        target = os.path.normpath(os.path.join(os.path.dirname(path), m.group(1)))
                        if os.path.isfile(os.path.join(a.site, target.lstrip('/'))):
                            up[path] = target
                        break
        return up[path]

    def chapter(path):
        chain = [path]
        while upof(chain[-1]) and upof(chain[-1]) not in chain:
            chain.append(upof(chain[-1]))
        chain.reverse()
        return chain[min(a.level, len(chain) - 1)]

    ch = {r[1]: chapter(r[1]) for r in rows}
    topics = collections.defaultdict(list)
    for _, path, topic, _ in rows:
        if topic != '0':
            topics[topic].append(path)
    inside = sum(len(v) for v in topics.values())
    majority = sum(collections.Counter(ch[p] for p in v).most_common(1)[0][1] for v in topics.values())
    pairs = lambda n: n * (n - 1) // 2
    same = sum(pairs(c) for v in topics.values() for c in collections.Counter(ch[p] for p in v).values())
    inpairs = sum(pairs(len(v)) for v in topics.values())
    allsame = sum(pairs(c) for c in collections.Counter(ch.values()).values())
    print(f'pages {len(rows)}, chapters {len(set(ch.values()))}, topics {len(topics)}, pages in topics {inside}, '
          f'largest {max(map(len, topics.values()), default=0)}; purity {majority / max(inside, 1):.3f} ({majority}/{inside}); '
          f'pair precision {same / max(inpairs, 1):.3f}, pair recall {same / max(allsame, 1):.3f}')
    if a.tsv:
        with open(a.tsv, 'w', encoding='utf-8') as f:
            f.write('path\tchapter\ttitle\n')
            for _, path, _, title in rows:
                f.write(f'{path}\t{ch[path]}\t{title}\n')


if __name__ == '__main__':
    main()
