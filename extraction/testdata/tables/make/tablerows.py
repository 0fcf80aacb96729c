#!/usr/bin/env python3
"""Count, per page, the rows of its data tables against the records of
pagecost dumps.

A data table here is a table whose first row (its thead's or its own)
holds two or more cells, all th, and two or more body rows holding a td;
its rows are those body rows. The parser is Python's html.parser
alone, not the extraction's DOM, so the count is independent of it.

    python3 tablerows.py [-v] FILE.html... [-- BEFORE.dump AFTER.dump...]

prints, per page, its tables, data tables, data rows and the records each
dump (go run ./extraction/cmd/pagecost -onpage -dump F DIR) has for it;
-v lists each data table's header and rows.
"""
import collections
import os
import sys
from html.parser import HTMLParser


class Tables(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.open, self.tables, self.cell = [], [], None

    def handle_starttag(self, tag, attrs):
        if tag == 'table':
            self.open.append({'rows': [], 'inhead': False})
            self.tables.append(self.open[-1])
        if not self.open:
            return
        t = self.open[-1]
        if tag == 'thead':
            t['inhead'] = True
        elif tag == 'tr':
            t['row'] = {'cells': [], 'head': t['inhead']}
        elif tag in ('td', 'th') and 'row' in t:
            self.cell = [tag, '']
            t['row']['cells'].append(self.cell)

    def handle_endtag(self, tag):
        if not self.open:
            return
        t = self.open[-1]
        if tag == 'thead':
            t['inhead'] = False
        elif tag == 'tr' and 'row' in t:
            t['rows'].append(t.pop('row'))
        elif tag == 'table':
            self.open.pop()

    def handle_data(self, d):
        if self.open and self.cell is not None:
            self.cell[1] += d


def data_tables(path):
    """Returns the page's number of tables and (header, rows) of each data table."""
    p = Tables()
    with open(path, encoding='utf-8', errors='replace') as f:
        p.feed(f.read())
    out = []
    for t in p.tables:
        if not t['rows']:
            continue
        first = t['rows'][0]
        headed = len(first['cells']) >= 2 and all(c[0] == 'th' for c in first['cells'])
        body = [r for r in t['rows'] if not r['head'] and any(c[0] == 'td' for c in r['cells'])]
        if headed and len(body) >= 2:
            out.append(('|'.join(' '.join(c[1].split()) for c in first['cells']), len(body)))
    return len(p.tables), out


def records(dump):
    c = collections.Counter()
    with open(dump, encoding='utf-8') as f:
        for line in f:
            c[os.path.basename(line.split('\t', 1)[0])] += 1
    return c


def main(args):
    verbose = '-v' in args
    args = [a for a in args if a != '-v']
    pages, dumps = args, []
    if '--' in args:
        i = args.index('--')
        pages, dumps = args[:i], [records(d) for d in args[i + 1:]]
    total = [0] * (1 + len(dumps))
    print('page\ttables\tdata tables\tdata rows' + ''.join(f'\trecords ({i + 1})' for i in range(len(dumps))))
    for path in pages:
        n, out = data_tables(path)
        name = os.path.basename(path)
        rows = sum(o[1] for o in out)
        counts = [d[name] for d in dumps]
        print(f'{name}\t{n}\t{len(out)}\t{rows}' + ''.join(f'\t{c}' for c in counts))
        total = [a + b for a, b in zip(total, [rows] + counts)]
        if verbose:
            for header, k in out:
                print(f'\t{k} rows\t{header}')
    print('total\t\t\t' + '\t'.join(str(x) for x in total))


if __name__ == '__main__':
    main(sys.argv[1:])
