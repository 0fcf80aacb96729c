#!/usr/bin/env python3
"""Applies the written hub protocol (PROTOCOL.md) to an installed Debian
documentation tree and prints `path<TAB>label` for every .html page.

    python3 label.py python /usr/share/doc/python3.11/html > python311.tsv
    python3 label.py postgresql /usr/share/doc/postgresql-doc-15/html > postgresql15.tsv
    python3 label.py git /usr/share/doc/git-doc > git.tsv

The rules read each documentation generator's own markup for "this page is a
table of contents or an index" (Sphinx toctree wrappers and index pages,
DocBook chunk types, the git manual's index pages); they never look at link
counts or link density, which the classifier uses.
"""
import os
import sys
from html.parser import HTMLParser


class Sphinx(HTMLParser):
    """Visible text of the main body, and the part of it inside toctrees."""

    def __init__(self):
        super().__init__()
        self.stack = []  # (tag, is_body, is_toctree)
        self.body = 0
        self.toc = 0
        self.skip = 0

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        cls = (a.get("class") or "").split()
        in_body = any(s[1] for s in self.stack) or a.get("role") == "main" or "body" in cls
        in_toc = any(s[2] for s in self.stack) or "toctree-wrapper" in cls
        if tag in ("script", "style"):
            self.skip += 1
        if tag in ("br", "img", "meta", "link", "input", "hr"):
            return
        self.stack.append((tag, in_body, in_toc))

    def handle_endtag(self, tag):
        if tag in ("script", "style"):
            self.skip -= 1
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i][0] == tag:
                del self.stack[i:]
                break

    def handle_data(self, d):
        if self.skip or not self.stack:
            return
        n = len("".join(d.split()))
        _, in_body, in_toc = self.stack[-1]
        if in_body:
            self.body += n
            if in_toc:
                self.toc += n


def python_hub(rel, text):
    name = os.path.basename(rel)
    if name.startswith("genindex") or name in ("py-modindex.html", "contents.html"):
        return True
    p = Sphinx()
    p.feed(text)
    return p.body > 0 and p.toc >= 0.5 * p.body


class DocBook(HTMLParser):
    """The class of the first chunk element after the navigation header and
    whether the page has a table of contents."""

    def __init__(self):
        super().__init__()
        self.kind = None
        self.toc = False

    def handle_starttag(self, tag, attrs):
        cls = (dict(attrs).get("class") or "").split()
        if tag == "div" and self.kind is None:
            for k in ("set", "book", "part", "reference", "chapter", "appendix", "preface", "sect1", "sect2",
                      "refentry", "index", "bibliography", "glossary", "article", "legalnotice", "simplesect"):
                if k in cls:
                    self.kind = k
                    break
        if tag == "div" and "toc" in cls:
            self.toc = True


def postgresql_hub(rel, text):
    if os.path.basename(rel) == "bookindex.html":
        return True
    p = DocBook()
    p.feed(text)
    if p.kind in ("set", "book", "part", "reference"):
        return True
    return p.kind in ("chapter", "appendix", "preface") and p.toc


GIT_HUBS = {"index.html", "git.html", "howto-index.html"}


def git_hub(rel, text):
    return rel in GIT_HUBS


def main():
    site, root = sys.argv[1], sys.argv[2]
    rule = {"python": python_hub, "postgresql": postgresql_hub, "git": git_hub}[site]
    rows = []
    for d, _, files in os.walk(root):
        for f in files:
            if f.endswith(".html"):
                path = os.path.join(d, f)
                rel = os.path.relpath(path, root)
                with open(path, encoding="utf-8", errors="replace") as fh:
                    rows.append((rel, "hub" if rule(rel, fh.read()) else "topic"))
    print("path\tlabel")
    for rel, label in sorted(rows):
        print(f"{rel}\t{label}")


if __name__ == "__main__":
    main()
