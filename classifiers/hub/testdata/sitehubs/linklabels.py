#!/usr/bin/env python3
"""Scores the link labels a crawl's frontier holds (the label each URL got
from OnURL when it was queued, before any fetch) against a site's hub labels.

    python3 linklabels.py STORE.db LABELS.tsv

STORE.db is a crawl's SQLite store (e.g. `crawl bench -work W` leaves
W/on-1.db); LABELS.tsv is one of this directory's label files. URLs are
matched by their path under the loopback site root ("/" is index.html).
"""
import re
import sqlite3
import sys


def main():
    db, labels = sys.argv[1], sys.argv[2]
    truth = {}
    with open(labels) as f:
        for line in f:
            path, label = line.rstrip("\n").split("\t")
            if path != "path":
                truth[path] = label == "hub"
    seen = {}
    for url, label in sqlite3.connect(db).execute("select url, label from frontier"):
        m = re.match(r"https?://[^/]+/(.*)$", url)
        if not m:
            continue
        path = m.group(1) or "index.html"
        if path in truth:
            seen.setdefault(path, label == "hub")
    tp = sum(1 for p, h in seen.items() if h and truth[p])
    fp = sum(1 for p, h in seen.items() if h and not truth[p])
    fn = sum(1 for p, h in seen.items() if not h and truth[p])
    tn = len(seen) - tp - fp - fn
    prec = tp / (tp + fp) if tp + fp else 0
    rec = tp / (tp + fn) if tp + fn else 0
    f1 = 2 * prec * rec / (prec + rec) if prec + rec else 0
    acc = (tp + tn) / len(seen) if seen else 0
    print(f"{len(seen)} URLs: P {prec:.3f} R {rec:.3f} F1 {f1:.3f} accuracy {acc:.3f} (TP {tp} FP {fp} FN {fn} TN {tn})")


if __name__ == "__main__":
    main()
