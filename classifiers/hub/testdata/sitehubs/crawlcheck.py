#!/usr/bin/env python3
"""Compares the labels a crawl stored (pages.csv of `crawl bench -work W`,
run on-1) with the file-level labels of `pagemodel -all` on the same site.

    /tmp/pagemodel -all -eval DIR=LABELS.tsv > files.txt
    python3 crawlcheck.py W/on-1/pages.csv files.txt LABELS.tsv

Prints the pages whose crawl label differs from the file label, the hub F1
of each against LABELS.tsv on the pages both have, and the pages only one
has (the crawl reaches pages by links; a page no link leads to is not
fetched, and a URL the site redirects, e.g. index.html to /, is matched by
its final URL).
"""
import csv
import re
import sys
from urllib.parse import urlparse


def path_of(url):
    p = urlparse(url).path.lstrip("/")
    return p if p and not p.endswith("/") else p + "index.html"


def f1(pairs):
    tp = sum(1 for t, p in pairs if t and p)
    fp = sum(1 for t, p in pairs if not t and p)
    fn = sum(1 for t, p in pairs if t and not p)
    return 2 * tp / (2 * tp + fp + fn) if tp else 0.0, tp, fp, fn


def main():
    pages_csv, files_txt, labels_tsv = sys.argv[1:4]
    truth = {}
    with open(labels_tsv) as fh:
        next(fh)
        for line in fh:
            p, l = line.rstrip("\n").split("\t")
            truth[p] = l == "hub"
    crawl = {}
    with open(pages_csv, newline="") as fh:
        for row in csv.DictReader(fh):
            for u in (row["url"], row["final_url"]):
                if u:
                    crawl.setdefault(path_of(u), (row["label"] == "hub", float(row["label_score"] or 0)))
    files = {}
    for line in open(files_txt):
        m = re.match(r"\s+(?:right|wrong): (\S+) hub=\w+ P ([\d.]+)", line)
        if m:
            files[m.group(1)] = float(m.group(2))
    both = sorted(set(crawl) & set(files) & set(truth))
    differ = [p for p in both if crawl[p][0] != (files[p] >= 0.5)]
    for p in differ:
        print(f"differs: {p} crawl {crawl[p][1]:.3f} files {files[p]:.3f} truth {'hub' if truth[p] else 'topic'}")
    for name, lab in (("crawl", lambda p: crawl[p][0]), ("files", lambda p: files[p] >= 0.5)):
        f, tp, fp, fn = f1([(truth[p], lab(p)) for p in both])
        print(f"{name}: F1 {f:.3f} (TP {tp} FP {fp} FN {fn}) on the {len(both)} pages both have")
    only = sorted(set(files) - set(crawl))
    print(f"{len(differ)} of {len(both)} labels differ; {len(only)} labelled pages not crawled: {' '.join(only[:10])}")


if __name__ == "__main__":
    main()
