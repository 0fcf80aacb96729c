#!/usr/bin/env python3
"""Builds the labelled link sets of classifiers/hub/testdata/links from ../shared/data (Python 3 standard library).

    links.py pool SET DATA OUT      candidate links of SET to label: OUT/pool.tsv (id url host anchor source)
                                    and OUT/tolabel.tsv (id url anchor, what the annotators saw)
    links.py gold POOL A B OUT DATA OUT: the links both annotators label hub, or both topic, with the anchor
                                    text read by the crawler's rule; prints their agreement
    links.py dev URLS OUT GOLD...   OUT: the GOLD files' links, less those whose URL is in URLS (urls.tsv)

SET is big9 (links on the Big9 Wayback article pages, DATA/templates), records-unseen or records-seen (links on
the DATA/records search-result pages of news sites whose domain is not / is in urls.tsv), or records-content
(links on the search-result pages of reference, health, how-to and tech-article sites). POOL lives in a folder
named after its SET. Only links on news
hosts, not images, scripts, feeds or ad servers, at most CAP a registrable domain, shuffled with a fixed seed.
"""
import collections, csv, glob, html, os, random, re, sys
from html.parser import HTMLParser
from urllib.parse import urlsplit, urlunsplit

SETS = {
    # Big9 links on news hosts whose domain is not in urls.tsv.
    'big9': dict(seed=20261123, cap=250, domains={
        'forbes.com', 'bbc.co.uk', 'foxnews.com', 'myfoxny.com', 'timesonline.co.uk', 'wsj.com', 'newyorkmetro.com',
        'sky.com', 'thesun.co.uk', 'ap.org', 'grubstreet.com', 'nytimes.com', 'news.com.au', 'vulture.com'}),
    # Search-result pages of news and magazine sites in neither urls.tsv nor big9.
    'records-unseen': dict(seed=20261124, cap=120, sites=[
        'bloomberg.com', 'businessinsider.com', 'cnbc.com', 'gizmodo.com', 'msn.com', 'reuters.com', 'thehill.com',
        'time.com', 'timesofindia.indiatimes.com', 'usatoday.com', 'espncricinfo.com', 'gamespot.com',
        'psychologytoday.com', 'tomshardware.com']),
    # Search-result pages of the news sites of records/ whose domain is in urls.tsv.
    'records-seen': dict(seed=20261125, cap=120, known=True, sites=[
        'cnet.com', 'cnn.com', 'finance.yahoo.com', 'ign.com', 'indianexpress.com', 'theverge.com']),
    # Search-result pages of reference, health, how-to and tech-article sites in neither urls.tsv nor the sets above.
    'records-content': dict(seed=20261128, cap=120, sites=[
        'css-tricks.com', 'sitepoint.com', 'howstuffworks.com', 'britannica.com', 'webmd.com', 'mayoclinic.org',
        'medscape.com', 'medlineplus.gov', 'drugs.com', 'cdc.gov', 'nih.gov', 'niddk.nih.gov', 'instructables.com',
        'en.wikipedia.org', 'allrecipes.com']),
}

def regdom(host):
    p = host.split('.')
    if len(p) >= 3 and p[-2] in ('co', 'com', 'org', 'net', 'gov', 'ac') and len(p[-1]) == 2:
        return '.'.join(p[-3:])
    return '.'.join(p[-2:])

def url_domains(data):
    with open(data + '/urls/urls.tsv') as f:
        return {regdom(l.rstrip('\n').split('\t')[2]) for l in list(f)[1:]}

def fold(s):
    return ' '.join(s.replace('\u00a0', ' ').split())

class Links(HTMLParser):
    """Links and anchor texts. mode 'crawler' is crawler/parse.go's anchorText (text nodes, script and style left
    out; else the first img alt; else the title attribute); 'pool' is the text shown to the annotators (big9: text
    and every img alt; records: title attribute, text and every img alt)."""
    def __init__(self, mode):
        super().__init__(convert_charrefs=True)
        self.mode, self.stack, self.out, self.skip = mode, [], [], 0
    def handle_starttag(self, tag, attrs):
        d = dict(attrs)
        if tag in ('a', 'area') if self.mode == 'crawler' else tag == 'a':
            if self.stack:
                self.close()
            if d.get('href'):
                first = [d.get('title') or ''] if self.mode == 'pool-records' else []
                self.stack.append({'href': d['href'], 'text': first, 'alt': None, 'title': d.get('title') or ''})
            if tag == 'area' and self.stack:
                self.close()
        elif tag in ('script', 'style') and self.mode == 'crawler':
            self.skip += 1
        elif tag == 'img' and self.stack:
            alt = d.get('alt')
            if self.mode != 'crawler':
                if alt:
                    self.stack[-1]['text'].append(alt)
            elif self.stack[-1]['alt'] is None:
                self.stack[-1]['alt'] = alt or None
    def close(self):
        a = self.stack.pop()
        if self.mode == 'crawler':
            self.out.append((a['href'], fold(''.join(a['text'])) or fold(a['alt'] or '') or fold(a['title'])))
        else:
            self.out.append((a['href'], fold(' '.join(t for t in a['text'] if t))))
    def handle_endtag(self, tag):
        if tag == 'a' and self.stack:
            self.close()
        elif tag in ('script', 'style') and self.skip:
            self.skip -= 1
    def handle_data(self, data):
        if self.stack and not self.skip:
            self.stack[-1]['text'].append(data)

def page_links(path, mode):
    p = Links(mode)
    with open(path, 'rb') as f:
        p.feed(f.read().decode('utf-8', 'replace'))
    while p.stack:
        p.close()
    return p.out

WAYBACK = re.compile(r'^https?://web(-beta)?\.archive\.org/web/[0-9a-z_*]+/', re.I)

def norm(href, site=None):
    """The original URL of a link: Wayback prefix removed (big9), root-relative links resolved on the site
    (records); None for anything that is not an absolute http(s) URL."""
    h = html.unescape(href.strip())
    if site is None:
        if h.startswith('/web/'):
            h = 'https://web.archive.org' + h
        h = WAYBACK.sub('', h)
    elif h.startswith('//'):
        h = 'http:' + h
    elif h.startswith('/'):
        h = ('http://www.' if site.count('.') == 1 else 'http://') + site + h
    if not re.match(r'^https?://', h, re.I):
        return None
    u = urlsplit(h)
    host = (u.hostname or '').lower()
    netloc = host + (':%d' % u.port if u.port and u.port not in (80, 443) else '')
    return urlunsplit(('http' if site is None else u.scheme.lower(), netloc, u.path or '/', u.query, ''))

SKIP_EXT = re.compile(r'\.(jpe?g|gif|png|svg|css|js|swf|xml|rss|rdf|ico|pdf|mp3|mp4|wav|ram|rm|asx|wmv|mov|zip|exe|woff2?)$', re.I)
ADS = re.compile(r'doubleclick|ad\.|ads\.|adserver|atdmt|2mdn|overture|googlesyndication|\.rd\.yahoo|clk|tracking|omniture|imrworldwide|feeds\.|rss', re.I)

def sources(name, data):
    """(page path, site or None) of SET name, in a fixed order."""
    if name == 'big9':
        return [(f, None) for f in sorted(glob.glob(data + '/templates/big9-*/*.html'))]
    sites = SETS[name]['sites']
    with open(data + '/records/index.csv') as f:
        return [('%s/records/%s/page.html' % (data, r['case']), r['site']) for r in csv.DictReader(f) if r['site'] in sites]

def candidates(name, data, mode):
    """url -> (anchor, source) of SET name; mode 'crawler' or 'pool'."""
    conf, known, seen = SETS[name], url_domains(data), {}
    for path, site in sources(name, data):
        if site is not None:
            assert (regdom(site) in known) == conf.get('known', False), site
        pmode = mode if mode == 'crawler' else ('pool-big9' if site is None else 'pool-records')
        for href, anchor in page_links(path, pmode):
            u = norm(href, site)
            if u is None:
                continue
            s = urlsplit(u)
            host = (s.hostname or '').lower()
            if not host or '.' not in host:
                continue
            if site is None:
                if regdom(host) in known or host.endswith('archive.org') or ADS.search(host) or ADS.search(u.split('?')[0][:60]):
                    continue
            elif regdom(host) != regdom(site):
                continue
            if SKIP_EXT.search(s.path):
                continue
            if mode == 'crawler':
                seen.setdefault(u, anchor)
            elif u not in seen or (not seen[u][0] and anchor):
                seen[u] = (anchor, path.split('/')[-2])
    return seen

def pool(name, data, out):
    conf = SETS[name]
    by = collections.defaultdict(list)
    for u, (a, src) in candidates(name, data, 'pool').items():
        d = regdom(urlsplit(u).hostname)
        if name != 'big9' or d in conf['domains']:
            by[d].append((u, a, src))
    rng, sel = random.Random(conf['seed']), []
    for d in sorted(by):
        rows = sorted(by[d])
        rng.shuffle(rows)
        sel += rows[:conf['cap']]
    rng.shuffle(sel)
    with open(out + '/tolabel.tsv', 'w') as t, open(out + '/pool.tsv', 'w') as p:
        t.write('id\turl\tanchor\n')
        p.write('id\turl\thost\tanchor\tsource\n')
        for i, (u, a, src) in enumerate(sel):
            a = a.replace('\t', ' ')
            t.write('%d\t%s\t%s\n' % (i + 1, u, a))
            p.write('%d\t%s\t%s\t%s\t%s\n' % (i + 1, u, urlsplit(u).hostname, a, src))
    print(name, len(sel), 'links', dict(collections.Counter(regdom(urlsplit(u).hostname) for u, _, _ in sel)))

def read_labels(path, ids):
    labels = {}
    with open(path) as f:
        for r in csv.DictReader(f, delimiter='\t', quoting=csv.QUOTE_NONE):
            assert r['label'] in ('hub', 'topic', 'other') and r['id'] not in labels, (path, r)
            labels[r['id']] = r['label']
    assert set(labels) == set(ids), path
    return labels

def gold(pool_path, a_path, b_path, out, data):
    with open(pool_path) as f:
        rows = list(csv.DictReader(f, delimiter='\t', quoting=csv.QUOTE_NONE))
    ids = [r['id'] for r in rows]
    a, b = read_labels(a_path, ids), read_labels(b_path, ids)
    n, labs = len(ids), ('hub', 'topic', 'other')
    agree = sum(a[i] == b[i] for i in ids) / n
    ca, cb = collections.Counter(a.values()), collections.Counter(b.values())
    pe = sum(ca[l] * cb[l] for l in labs) / n ** 2
    print('agreement %.4f, Cohen\'s kappa %.4f over %d links' % (agree, (agree - pe) / (1 - pe), n))
    conf = collections.Counter((a[i], b[i]) for i in ids)
    for la in labs:
        print('  A %-5s' % la, ' '.join('%4d' % conf[(la, lb)] for lb in labs), '  (B: hub topic other)')
    name = os.path.basename(os.path.dirname(os.path.abspath(pool_path)))  # the set's folder: big9, records-…
    assert name in SETS, pool_path
    crawler = candidates(name, data, 'crawler')
    with open(out, 'w') as o:
        o.write('label\turl\thost\tanchor\n')
        kept = collections.Counter()
        for r in rows:
            i = r['id']
            if a[i] == b[i] and a[i] != 'other':
                kept[a[i]] += 1
                o.write('%s\t%s\t%s\t%s\n' % (a[i], r['url'], r['host'], crawler[r['url']].replace('\t', ' ')))
    print(out, dict(kept))

def dev(urls_path, out, golds):
    with open(urls_path) as f:
        urls = {l.split('\t')[1] for l in f}
    rows = []
    for g in golds:
        with open(g) as f:
            rows += list(f)[1:]
    kept = [r for r in rows if r.split('\t')[1] not in urls]
    with open(out, 'w') as o:
        o.write('label\turl\thost\tanchor\n' + ''.join(kept))
    print(out, len(kept), 'links;', len(rows) - len(kept), 'left out as in', urls_path)

if __name__ == '__main__':
    if sys.argv[1:2] == ['pool'] and len(sys.argv) == 5:
        pool(sys.argv[2], sys.argv[3], sys.argv[4])
    elif sys.argv[1:2] == ['gold'] and len(sys.argv) == 7:
        gold(*sys.argv[2:7])
    elif sys.argv[1:2] == ['dev'] and len(sys.argv) >= 5:
        dev(sys.argv[2], sys.argv[3], sys.argv[4:])
    else:
        sys.exit(__doc__)
