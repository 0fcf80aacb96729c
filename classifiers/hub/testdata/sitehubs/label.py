#!/usr/bin/env python3
"""Applies the written hub protocol (README.md) to an installed Debian
documentation tree and prints `path<TAB>label` for every .html page.

    python3 label.py python /usr/share/doc/python3.11/html > python311.tsv
    python3 label.py postgresql /usr/share/doc/postgresql-doc-15/html > postgresql15.tsv
    python3 label.py git /usr/share/doc/git-doc > git.tsv
    python3 label.py octave /usr/share/doc/octave/octave.html > octave.tsv
    python3 label.py apache /usr/share/doc/apache2-doc/manual/en > apache.tsv
    python3 label.py gtkdoc /usr/share/gtk-doc/html/gio > gio.tsv
    python3 label.py javadoc /usr/share/doc/libclosure-compiler-java/api > closure-javadoc.tsv
    python3 label.py doxygen /usr/share/doc/libjsoncpp-doc > jsoncpp.tsv
    python3 label.py yard /usr/share/doc/yard/doc > yard.tsv
    python3 label.py javadoc /usr/share/doc/libjsoup-java/api > jsoup-javadoc.tsv
    python3 label.py doxygen /usr/share/doc/libcppunit-doc/html > cppunit.tsv
    python3 label.py sphinx /usr/share/doc/sphinx-doc/html > sphinx.tsv
    python3 label.py gtkdoc /usr/share/gtk-doc/html/cairo > cairo.tsv
    python3 label.py haddock /usr/share/doc/libghc-aeson-doc/html > aeson-haddock.tsv
    python3 label.py gidocgen /usr/share/doc/libgdk-pixbuf2.0-doc/html > gdk-pixbuf.tsv
    python3 label.py sqlite /usr/share/doc/sqlite3 > sqlite.tsv
    python3 label.py pydoctor /tmp/pydoctor-urllib3 > pydoctor-urllib3.tsv
    python3 label.py nodejs /usr/share/doc/nodejs/api > nodejs.tsv
    python3 label.py docutils /usr/share/doc/docutils-doc > docutils.tsv
    python3 label.py qdoc /usr/share/qt5/doc/qtscxml > qdoc-qtscxml.tsv
    python3 label.py exim /usr/share/doc/exim4-doc-html/spec_html > exim.tsv
    python3 label.py yodl /usr/share/doc/c++-annotations/html > cpp-annotations.tsv
    python3 label.py vim /usr/share/doc/vim/html > vim.tsv
    python3 label.py swig /usr/share/doc/swig4.0-doc > swig.tsv
    python3 label.py xmlsoft /usr/share/doc/libxml2/html > libxml2.tsv
    python3 label.py xmlsoft /usr/share/doc/libxslt1-dev/html > libxslt.tsv
    python3 label.py halibut /usr/share/doc/putty-doc > putty-halibut.tsv
    python3 label.py rustdoc /usr/share/doc/rust-doc/html/std > rustdoc-std.tsv
    python3 label.py latex2html /usr/share/doc/gnuplot/htmldocs > gnuplot-latex2html.tsv
    python3 label.py scribble /usr/share/doc/racket > racket-scribble.tsv
    python3 label.py ocamldoc /usr/share/doc/libbatteries-ocaml-doc/html/api > batteries-ocamldoc.tsv
    python3 label.py haddock-ghc /usr/share/doc/ghc-doc/html/libraries > ghc-haddock.tsv
    python3 label.py odoc /usr/share/doc/libocamlgraph-ocaml-doc/html > ocamlgraph-odoc.tsv
    python3 label.py odoc2 /usr/share/doc/libjs-of-ocaml-doc/api > jsoo-odoc2.tsv
    python3 label.py texi2html /usr/share/doc/zsh-common/html > zsh-texi2any.tsv
    python3 label.py texi2html /usr/share/doc/gettext > gettext-texi2html.tsv
    python3 label.py sphinx /usr/share/doc/cmake-data/html > cmake-sphinx.tsv

With -v it prints, instead, every page's share (below) and label, and with
-check the pages whose share lies in [0.3, 0.7] (the ones README.md says
were checked by hand).

One rule for every site (README.md): a page is a hub when it is one of
the generator's index pages (named below per site), or when at least half
of the visible text of its main content lies in *entries that lead to
another page of the site*: a list item (li), a table row (tr) or a
definition term with its definitions (dt + following dd) whose first
visible text is the text of a link to another page of the same site (a
relative href whose path is not the page itself). Only which element holds
the main content and which pages are generated indexes differ per
generator. The rule counts text, not links, and ignores link text outside
such entries (links inside running prose count as prose).
"""
import os
import re
import sys
import threading
from html.parser import HTMLParser

VOID = {"br", "img", "meta", "link", "input", "hr", "area", "base", "col", "embed", "param", "source",
        "track", "wbr"}
INVISIBLE = {"script", "style", "head", "title", "template", "noscript"}


class Node:
    __slots__ = ("tag", "attrs", "kids", "parent")

    def __init__(self, tag, attrs, parent):
        self.tag, self.attrs, self.kids, self.parent = tag, attrs, [], parent

    def cls(self):
        return (self.attrs.get("class") or "").split()


class Tree(HTMLParser):
    """A small DOM: elements with their attributes, text as str children."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.root = Node("#root", {}, None)
        self.cur = self.root

    def handle_starttag(self, tag, attrs):
        n = Node(tag, dict(attrs), self.cur)
        self.cur.kids.append(n)
        if tag not in VOID:
            self.cur = n

    def handle_startendtag(self, tag, attrs):
        self.cur.kids.append(Node(tag, dict(attrs), self.cur))

    def handle_endtag(self, tag):
        n = self.cur
        while n is not None and n.tag != tag:
            n = n.parent
        if n is not None and n.parent is not None:
            self.cur = n.parent

    def handle_data(self, d):
        self.cur.kids.append(d)


def parse(text):
    t = Tree()
    t.feed(text)
    t.close()
    return t.root


def walk(n):
    yield n
    for k in n.kids:
        if isinstance(k, Node):
            yield from walk(k)


def chars(n, skip):
    """Non-space characters of n's visible text, leaving out skip(node)."""
    if isinstance(n, str):
        return len("".join(n.split()))
    if n.tag in INVISIBLE or skip(n):
        return 0
    return sum(chars(k, skip) for k in n.kids)


NESTED = {"ul", "ol", "dl", "table"}


def page_link(href, rel):
    """Whether href (from page rel) leads to another page of the site as a
    whole: relative, a path other than the page's own, no fragment (a link
    to a place in a page is a cross-reference, not a table-of-contents
    entry)."""
    if href is None or "#" in href or href.startswith("//") or ":" in href.split("/")[0]:
        return False
    path = href.split("?")[0]
    if path == "":
        return False
    target = os.path.normpath(os.path.join(os.path.dirname(rel), path))
    return target != os.path.normpath(rel)


def leads(n, rel, skip):
    """Whether an entry's first visible text (lists and tables nested in it
    left out) is the text of a link to another page."""

    def rec(x, linked):
        if isinstance(x, str):
            return (True, linked) if x.strip() else (False, False)
        if x.tag in INVISIBLE or skip(x) or (x is not n and x.tag in NESTED):
            return False, False
        if x.tag == "a" and "href" in x.attrs:
            linked = page_link(x.attrs["href"], rel)
        for k in x.kids:
            found, l = rec(k, linked)
            if found:
                return True, l
        return False, False

    return rec(n, False)[1]


def entry_share(main, rel, skip, grid=None):
    return entry_measure(main, rel, skip, grid)[0]


def entry_measure(main, rel, skip, grid=None):
    """Share of main's visible text in entries leading to another page: an
    li, tr or dt whose first visible text is a link to another page,
    counted whole with what is nested in it (and, for a dt, its dd
    definitions). grid, when given, returns the table rows a generator lays
    out as div cells: {id(first cell): (cells, lead cell)}; such a row is an
    entry when its lead cell's first visible text is a link to another
    page."""
    total = chars(main, skip)
    if total == 0:
        return 0.0, 0, 0
    lead = entries = 0
    consumed = set()  # dd counted with their dt, grid cells with their row
    rows = grid(main) if grid else {}

    def rec(n):
        nonlocal lead, entries
        if n.tag in INVISIBLE or skip(n) or id(n) in consumed:
            return
        if id(n) in rows:
            cells, head = rows[id(n)]
            if leads(head, rel, skip):
                entries += 1
                lead += sum(chars(c, skip) for c in cells)
                consumed.update(id(c) for c in cells)
                return
        if n.tag in ("li", "tr", "dt"):
            if leads(n, rel, skip):
                entries += 1
                lead += chars(n, skip)
                if n.tag == "dt":  # the term's definitions belong to the entry
                    sib = n.parent.kids
                    for k in sib[sib.index(n) + 1:]:
                        if isinstance(k, Node):
                            if k.tag != "dd":
                                break
                            lead += chars(k, skip)
                            consumed.add(id(k))
                return
        for k in n.kids:
            if isinstance(k, Node):
                rec(k)

    rec(main)
    return lead / total, total - lead, entries


def find(root, pred):
    for n in walk(root):
        if pred(n):
            return n
    return None


# Per generator: the main content (and what inside it is page furniture),
# and the generated index pages.

def python_site(rel, root):
    main = find(root, lambda n: n.attrs.get("role") == "main" or "body" in n.cls()) or root
    name = os.path.basename(rel)
    index = name.startswith("genindex") or name == "py-modindex.html"
    return main, (lambda n: False), index


def postgresql_site(rel, root):
    main = find(root, lambda n: n.tag == "body") or root
    skip = lambda n: n.tag == "div" and ("navheader" in n.cls() or "navfooter" in n.cls())
    return main, skip, os.path.basename(rel) == "bookindex.html"


def git_site(rel, root):
    main = find(root, lambda n: n.attrs.get("id") == "content") or root
    return main, (lambda n: False), False


def octave_site(rel, root):
    main = find(root, lambda n: n.tag == "body") or root
    skip = lambda n: n.tag == "div" and ("header" in n.cls() or "nav-panel" in n.cls())
    index = find(root, lambda n: n.tag == "table" and any(c.startswith("index-") for c in n.cls())) is not None
    return main, skip, index


def texi2html_nav(n):
    """The navigation bars of texi2html and of texi2any run with its
    texi2html style (a one-row table of [ << ] [ < ] [ Up ] ... links above
    every node's heading): table.header (texi2any 6.8, the zsh manual) or a
    table with cellpadding="1" cellspacing="1" and no class (texi2html
    1.78, the gettext manual)."""
    if n.tag != "table":
        return False
    if "header" in n.cls():
        return True
    a = n.attrs
    return not n.cls() and a.get("cellpadding") == "1" and a.get("cellspacing") == "1"


def texi2html_site(rel, root):
    main = find(root, lambda n: n.tag == "body") or root
    index = find(root, lambda n: n.tag == "table" and any(c.startswith("index-") for c in n.cls())) is not None
    return main, texi2html_nav, index


APACHE_FURNITURE = {"toplang", "bottomlang", "top", "up"}


def apache_site(rel, root):
    main = (find(root, lambda n: n.attrs.get("id") == "page-content") or find(root, lambda n: n.tag == "body")
            or root)
    skip = lambda n: (n.attrs.get("id") in ("page-header", "path", "quickview", "footer", "comments_section",
                                            "comments_thread")
                      or bool(APACHE_FURNITURE & set(n.cls())))
    name = rel.replace(os.sep, "/")
    index = name in ("sitemap.html", "mod/directives.html", "mod/quickreference.html", "mod/index.html")
    return main, skip, index


def gtkdoc_site(rel, root):
    """gtk-doc: the generated symbol indexes are the pages holding its index
    markup (div.index): api-index-full.html in the GLib manuals, index-all.html
    and the per-version index-1.N.html in cairo's."""
    main = find(root, lambda n: n.tag == "body") or root
    skip = lambda n: (n.tag == "table" and "navigation" in n.cls()) or (n.tag == "div" and "footer" in n.cls())
    index = find(main, lambda n: n.tag == "div" and n.cls() == ["index"]) is not None
    return main, skip, index


def haddock_site(rel, root):
    """Haddock: the page's own content is div#content (the package header
    with its menu and the footer are its siblings); the generated indexes
    are doc-index*.html (the identifier index, whole and by letter). The
    hyperlinked sources (src/) are pages as any other. An index page none
    of whose rows holds a link is no generated index of places (below)."""
    main = find(root, lambda n: n.attrs.get("id") == "content") or find(root, lambda n: n.tag == "body") or root
    # An index whose rows link nowhere leads nowhere (GHC's mtl: identifiers
    # re-exported from packages documented without links, their modules
    # named as plain text): a topic, as ocamldoc's empty indexes.
    index = os.path.basename(rel).startswith("doc-index") and find(
        main, lambda n: n.tag == "tr" and find(n, lambda a: a.tag == "a" and "href" in a.attrs) is not None) is not None
    return main, (lambda n: False), index


def gidocgen_site(rel, root):
    """gi-docgen: the page's own content is section#main (the sidebar nav
    and the hidden search section are its siblings). It generates no index
    of places: its namespace page and class hierarchy are lists of links to
    pages, which the rule measures."""
    main = find(root, lambda n: n.tag == "section" and n.attrs.get("id") == "main") or find(
        root, lambda n: n.tag == "body") or root
    return main, (lambda n: False), False


def javadoc_site(rel, root):
    main = find(root, lambda n: n.tag == "main") or find(root, lambda n: n.tag == "body") or root
    return main, (lambda n: False), rel.replace(os.sep, "/") in ("index-all.html",)


JAVADOC_NAME_CELLS = ("col-second", "col-constructor-name", "col-summary-item-name")


def javadoc_grid(main):
    """Javadoc (JDK 17) lays its summary tables out as div cells in a
    div.summary-table: a row is the cells up to and including the next
    col-last cell; its lead is the cell naming the row's subject (col-second,
    col-constructor-name or col-summary-item-name when the row has one,
    else col-first: two-column tables name it first)."""
    rows = {}
    for t in walk(main):
        if "summary-table" not in t.cls():
            continue
        cur = []
        for k in t.kids:
            if not isinstance(k, Node) or "table-header" in k.cls():
                continue
            cls = k.cls()
            if not any(c.startswith("col-") for c in cls):
                continue
            cur.append(k)
            if "col-last" in cls:
                head = next((c for c in cur if any(x in c.cls() for x in JAVADOC_NAME_CELLS)), cur[0])
                rows[id(cur[0])] = (cur, head)
                cur = []
    return rows


JAVADOC_NAME_CLASSES = ("colSecond", "colConstructorName")


def javadoc_table_grid(main):
    """Javadoc of JDK 9-16 lays its summary tables out as tables
    (table.memberSummary, table.typeSummary): a member row names its type
    first (td.colFirst) and the member in th.colSecond or
    th.colConstructorName, its lead; a row without such a cell leads by its
    first cell, as any tr."""
    rows = javadoc_grid(main)
    for t in walk(main):
        if t.tag != "tr":
            continue
        head = next((k for k in t.kids if isinstance(k, Node) and any(c in k.cls() for c in JAVADOC_NAME_CLASSES)), None)
        if head is not None:
            rows[id(t)] = ([t], head)
    return rows


def doxygen_grid(main):
    """Doxygen's member tables (table.memberdecls) put a row's kind or type
    ("file", "class", "bool") in td.memItemLeft and its name in
    td.memItemRight: the row's lead is the name cell."""
    rows = {}
    for t in walk(main):
        if t.tag == "tr" and any(c.startswith("memitem") for c in t.cls()):
            head = next((k for k in t.kids if isinstance(k, Node) and "memItemRight" in k.cls()), None)
            if head is not None:
                rows[id(t)] = ([t], head)
    return rows


DOXYGEN_ICONS = {"arrow", "icona", "icon", "iconfopen", "iconfclosed", "icondoc"}


def doxygen_site(rel, root):
    main = find(root, lambda n: "contents" in n.cls()) or find(root, lambda n: n.tag == "body") or root
    # Tree icons are drawn with letters ("N", "C") and arrows: pictures, not text.
    skip = lambda n: (n.attrs.get("id") in ("top", "nav-path") or "navpath" in n.cls()
                      or bool(DOXYGEN_ICONS & set(n.cls())))
    name = os.path.basename(rel)
    # Site-wide member indexes, the class index, and the cross-reference
    # lists (each entry "Class <link>" or "Member <link>" to a place).
    index = (name.startswith(("functions", "globals", "namespacemembers"))
             or name in ("classes.html", "deprecated.html", "todo.html", "bug.html", "test.html"))
    return main, skip, index


def yard_site(rel, root):
    """YARD: the page's own content is div#content (the header with the
    breadcrumbs and the footer are its siblings); the generated indexes are
    the alphabetic index and the full lists of the navigation frame."""
    main = find(root, lambda n: n.attrs.get("id") == "content") or find(root, lambda n: n.tag == "body") or root
    name = rel.replace(os.sep, "/")
    index = name in ("_index.html", "class_list.html", "method_list.html", "file_list.html", "tag_list.html")
    return main, (lambda n: False), index


def mkdocs_site(rel, root):
    """MkDocs (its own theme, mkdocs-doc): the page's own content is
    div[role=main] (the navbar, the sidebar's table of contents of the page
    and the footer are its siblings). No generated index (search is a script)."""
    main = find(root, lambda n: n.attrs.get("role") == "main") or find(root, lambda n: n.tag == "body") or root
    return main, (lambda n: False), False


def nodejs_site(rel, root):
    """Node.js API docs (its own tooling, nodejs-doc): the page's own content
    is div#apicontent (the side table of contents div#column2, the header
    with the per-page toc and version pickers are outside it). No generated
    index of places."""
    main = find(root, lambda n: n.attrs.get("id") == "apicontent") or find(root, lambda n: n.tag == "body") or root
    return main, (lambda n: False), False


def sqlite_site(rel, root):
    """The SQLite project's web pages (hand-written templates, sqlite3-doc):
    no content element; the body minus every div.nosearch (the header with
    the logo, main menu, submenu and search box; on some pages the title
    block and the page's own table of contents, which the site's search
    leaves out too). The generated indexes: keyword_index.html (keywords,
    each a link to a page or a place in one), the four doc_*_crossref.html
    (the build's cross-reference lists of keywords, targets and links) and
    the C interfaces' lists of constants (c3ref/ and session/constlist.html,
    whose entries lead to places in the pages of constant groups; their
    lists of functions and objects lead to pages and are measured)."""
    main = find(root, lambda n: n.tag == "body") or root
    skip = lambda n: n.tag == "div" and "nosearch" in n.cls()
    name = rel.replace(os.sep, "/")
    base = os.path.basename(name)
    index = (name == "keyword_index.html" or (base.startswith("doc_") and base.endswith("_crossref.html"))
             or base == "constlist.html")
    return main, skip, index


def docutils_site(rel, root):
    """Docutils' HTML writer (docutils-doc, rst2html): the page's own content
    is div.document (the header and footer divs are its siblings). No
    generated index."""
    main = find(root, lambda n: n.tag == "div" and "document" in n.cls()) or find(
        root, lambda n: n.tag == "body") or root
    return main, (lambda n: False), False


def pydoctor_site(rel, root):
    """pydoctor 22.9 (API docs of a Python package): the page's own content
    is div#main (the navbar and the sidebar, which repeats the page's children
    as a tree, are its siblings). The generated indexes: moduleIndex.html,
    classIndex.html, nameIndex.html (names, each a link to a page or a place
    in one), undoccedSummary.html (the undocumented names) and
    all-documents.html (every document of the site)."""
    main = find(root, lambda n: n.attrs.get("id") == "main") or find(root, lambda n: n.tag == "body") or root
    index = rel.replace(os.sep, "/") in ("moduleIndex.html", "classIndex.html", "nameIndex.html",
                                         "undoccedSummary.html", "all-documents.html")
    return main, (lambda n: False), index


def pydoctor_grid(main):
    """pydoctor lists a module's or class's children in table.children rows
    of a kind cell ("Module", "Class", "Function"), the name cell holding the
    link, and the summary: the row's lead is the name cell."""
    rows = {}
    for t in walk(main):
        if t.tag == "table" and "children" in t.cls():
            for tr in walk(t):
                if tr.tag != "tr":
                    continue
                cells = [k for k in tr.kids if isinstance(k, Node) and k.tag == "td"]
                if len(cells) >= 2:
                    rows[id(tr)] = ([tr], cells[1])
    return rows


def qdoc_site(rel, root):
    """QDoc (Qt 5 module documentation, e.g. qtscxml5-doc-html): the page's
    own content is div.mainContent minus its div.sidebar (the page's own
    table of contents); the header with the navigation bar and the footer
    are outside it. No generated index of places: the "List of all members"
    pages (*-members.html) list one class's members, whose rows lead to
    places in the class page and its bases, measured by the rule."""
    main = find(root, lambda n: n.tag == "div" and "mainContent" in n.cls()) or find(
        root, lambda n: n.tag == "body") or root
    skip = lambda n: n.tag == "div" and ("sidebar" in n.cls() or "footer" in n.cls())
    return main, skip, False


EXIM_NAV = {"previous_page", "toc_page", "next_page"}


def exim_site(rel, root):
    """The Exim specification (exim4-doc-html, spec_html: the Exim project's
    XSLT over its DocBook): the page's own content is div#content minus the
    previous/contents/next links at its end and the hidden options box of
    the contents page; the site's header, menu and footer are outside it.
    The generated indexes: ch-concept_index.html, ch-option_index.html,
    ch-variable_index.html (terms, each with links to places in chapters).
    The chNN.html files are symbolic links to the ch-NAME.html pages
    (main() leaves them out: the same pages)."""
    main = find(root, lambda n: n.attrs.get("id") == "content") or find(root, lambda n: n.tag == "body") or root
    skip = lambda n: bool(EXIM_NAV & set(n.cls())) or n.attrs.get("id") == "options"
    base = os.path.basename(rel)
    return main, skip, base in ("ch-concept_index.html", "ch-option_index.html", "ch-variable_index.html")


def yodl_nav(n):
    """Yodl's navigation list (C++ Annotations): a ul between two hr
    ("Table of Contents", "Previous Chapter", "Next Chapter") at the top and
    the bottom of every chapter."""
    if n.tag != "ul" or n.parent is None:
        return False
    sib = [k for k in n.parent.kids if isinstance(k, Node)]
    i = sib.index(n)
    return 0 < i < len(sib) - 1 and sib[i - 1].tag == "hr" and sib[i + 1].tag == "hr"


def yodl_site(rel, root):
    """Yodl's HTML (the C++ Annotations, c++-annotations-html): no content
    element; the body minus the navigation lists (yodl_nav). The generated
    index: cppindex.html (terms, each with links to places in chapters).
    index.html is the frame page (iframes of contents.html and the
    chapters), a page like any other (no text of its own)."""
    main = find(root, lambda n: n.tag == "body") or root
    return main, yodl_nav, os.path.basename(rel) == "cppindex.html"


def vim_site(rel, root):
    """vim2html (vim-doc: Vim's help files as HTML): each page is a title
    (h1) and one pre holding the help file's text; the help's links are
    |tag| (the bars kept as text), a link to a help file's own tag a link
    to that page as a whole (usr_02.html). Entries are lines of the pre, not
    li/tr/dt (vim_measure). The generated index: tags.html (every tag of
    every help file, each a link to its place)."""
    main = find(root, lambda n: n.tag == "pre") or find(root, lambda n: n.tag == "body") or root
    return main, (lambda n: False), os.path.basename(rel) == "tags.html"


def vim_measure(main, rel):
    """The rule on a help file's text: an entry is a line of the pre whose
    first visible text, the bars of Vim's |tag| link syntax left out, is
    the text of a link to another page; the line counts whole (non-space
    characters, bars included, as in the total)."""
    segs = []  # (text, leads) in document order

    def rec(n, linked):
        if isinstance(n, str):
            segs.append((n, linked))
            return
        if n.tag in INVISIBLE:
            return
        if n.tag == "a" and "href" in n.attrs:
            linked = page_link(n.attrs["href"], rel)
        for k in n.kids:
            rec(k, linked)

    rec(main, None)
    lines, cur = [], []
    for text, linked in segs:
        parts = text.split("\n")
        for i, part in enumerate(parts):
            if i > 0:
                lines.append(cur)
                cur = []
            cur.append((part, linked))
    lines.append(cur)
    total = lead = entries = 0
    for line in lines:
        n = sum(len("".join(t.split())) for t, _ in line)
        total += n
        first = next(((t, l) for t, l in line if t.replace("|", "").strip()), None)
        if first is not None and first[1]:
            lead += n
            entries += 1
    if total == 0:
        return 0.0, 0, 0
    return lead / total, total - lead, entries


def swig_site(rel, root):
    """SWIG's manual (swig4.0-doc: HTML written by hand, chapters numbered
    and their section tables of contents (div.sectiontoc) made by the
    project's makechap.py; Manual/ and Devel/): no content element and no
    navigation furniture, the body. No generated index."""
    main = find(root, lambda n: n.tag == "body") or root
    return main, (lambda n: False), False


def xmlsoft_site(rel, root):
    """libxml2's documentation (libxml2-doc: the xmlsoft.org web site of its
    own XSLT, a layout of nested tables): the page's own content is the
    text cell (td[bgcolor=#fffacd]) in the second column of the layout
    (td[valign=top] without a width: the first, width 200, is the menus;
    the rows of the layout tables around the cell are not entries), minus
    the navigation bar of the API pages
    (table.navigation). The tutorial (tutorial/) is DocBook XSL, chunked: as
    PostgreSQL, the body minus div.navheader and div.navfooter, and its
    generated index is the chunk holding DocBook's div.index (ix01.html; the
    API indexes APIchunk*.html are not in the package)."""
    if rel.replace(os.sep, "/").startswith("tutorial/"):
        main, skip, _ = postgresql_site(rel, root)
        # DocBook XSL's generated index chunk (ix01.html: div.index)
        return main, skip, find(main, lambda n: n.tag == "div" and n.cls() == ["index"]) is not None
    column = find(root, lambda n: n.tag == "td" and n.attrs.get("valign") == "top" and "width" not in n.attrs)
    main = (column and find(column, lambda n: n.tag == "td" and n.attrs.get("bgcolor") == "#fffacd")) or find(
        root, lambda n: n.tag == "body") or root
    skip = lambda n: n.tag == "table" and "navigation" in n.cls()
    return main, skip, XMLSOFT_INDEX.match(os.path.basename(rel)) is not None


# The API indexes the xmlsoft.org XSLT generates (libxslt's and libexslt's
# pages; libxml2's package holds none): the alphabetic index of words
# (APIchunkN.html), constructors, functions by type, symbols by module and
# all symbols, each entry a link to a place in an API page (html/...#name).
XMLSOFT_INDEX = re.compile(r"API(chunk[0-9]+|constructors|functions|files|symbols)\.html$")


def halibut_site(rel, root):
    """Halibut's HTML (the PuTTY manual, putty-doc): no content element; the
    body minus the navigation bar (the body's first p, "Previous | Contents
    | Index | Next") and the footer (the last hr and what follows it: the
    feedback paragraph and the address). A chapter's own contents list
    (links to places in itself) is content and leads to no page. The
    generated index: IndexPage.html (terms, each with links to places)."""
    main = find(root, lambda n: n.tag == "body") or root
    kids = [k for k in main.kids if isinstance(k, Node)]
    furniture = set()
    if kids and kids[0].tag == "p" and "Contents" in text_of(kids[0]) and "Previous" in text_of(kids[0]):
        furniture.add(id(kids[0]))
    last_hr = max((i for i, k in enumerate(kids) if k.tag == "hr"), default=None)
    if last_hr is not None:
        furniture.update(id(k) for k in kids[last_hr:])
    return main, (lambda n: id(n) in furniture), os.path.basename(rel) == "IndexPage.html"


def text_of(n):
    return n if isinstance(n, str) else "".join(text_of(k) for k in n.kids)


def rustdoc_site(rel, root):
    """rustdoc 1.63 (the Rust standard library's std crate, rust-doc): the
    page's own content is section#main-content (the sidebar nav and the
    search bar are outside it; the page's title with its path is inside, as
    other generators' titles) minus its controls (rustdoc_furniture). No generated index
    of places: all.html (every item of the crate) lists links to pages,
    measured by the rule. Module pages list their items in div.item-table
    (rustdoc_grid)."""
    main = find(root, lambda n: n.tag == "section" and n.attrs.get("id") == "main-content") or find(
        root, lambda n: n.tag == "body") or root
    return main, rustdoc_furniture, False


# rustdoc's page controls inside the main content: the title's version,
# source link and collapse-all toggle (span.out-of-band), each item's and
# implementation's version and source link (.rightside), and the hidden
# "Expand description" summary of the collapsible docs (summary.hideme).
RUSTDOC_FURNITURE = {"out-of-band", "rightside", "hideme"}


def rustdoc_furniture(n):
    return bool(RUSTDOC_FURNITURE & set(n.cls()))


def rustdoc_grid(main):
    """rustdoc lays a module's item tables out as div cells: a row
    (div.item-row) is the item's name cell (div.item-left, holding the link
    to the item's page and its stability badges) then its one-line summary
    (div.item-right): the row's lead is the name cell. A re-export's name
    cell (div.item-left.import-item) is a use declaration whose path is text
    before the link to the item ("pub use crate::marker::<a>Send</a>;"), as
    Javadoc's qualified class names in its hierarchies: its lead is the
    item's link (the first link of the cell; a cell without one, nothing)."""
    rows = {}
    for d in walk(main):
        if d.tag == "div" and "item-row" in d.cls():
            head = next((k for k in d.kids if isinstance(k, Node) and "item-left" in k.cls()), None)
            if head is not None and "import-item" in head.cls():
                head = find(head, lambda n: n.tag == "a" and "href" in n.attrs)
            if head is not None:
                rows[id(d)] = ([d], head)
    return rows


def latex2html_site(rel, root):
    """LaTeX2HTML 2022 (the gnuplot 5.4 manual, gnuplot-doc): no content
    element; the body minus the navigation panels (div.navigation, at the
    top and the bottom: the next, up, previous and index buttons and links)
    and the signature (address). A sectioning page's "Subsections" list
    (ul.ChildLinks, links to the child nodes' pages) is content, as any
    table of contents. The generated index: the page whose heading is
    "Index" and that holds its term list (dl.COMPACT: terms, each a link to
    a place in a node)."""
    main = find(root, lambda n: n.tag == "body") or root
    skip = lambda n: n.tag == "address" or (n.tag == "div" and "navigation" in n.cls())
    index = (find(main, lambda n: n.tag in ("h1", "h2") and text_of(n).strip() == "Index") is not None
             and find(main, lambda n: n.tag == "dl" and "COMPACT" in [c.upper() for c in n.cls()]) is not None)
    return main, skip, index


def scribble_site(rel, root):
    """Scribble (the Racket 8.7 documentation, racket-doc): the page's own
    content is div.main (the side table of contents div.tocset is outside
    it) minus its navigation bars (div.navsettop, div.navsetbottom: the
    search box, top, contents, prev, up, next). A section's table of
    contents is a table whose rows each hold one paragraph led by a link to
    the subsection's page (a.toclink), measured by the rule. The generated
    index: doc-index.html (every indexed term, each a link to a place in a
    page, one paragraph of links separated by br)."""
    main = find(root, lambda n: n.tag == "div" and "main" in n.cls()) or find(
        root, lambda n: n.tag == "body") or root
    skip = lambda n: n.tag == "div" and ("navsettop" in n.cls() or "navsetbottom" in n.cls())
    return main, skip, os.path.basename(rel) == "doc-index.html"


def scribble_grid(main):
    """Scribble's tables of contents are tables whose rows each hold one
    paragraph led by a table-of-contents link (a.toptoclink for a chapter
    of the manual's front page, a.toclink for a section, a.tocsubseclink).
    A section that Scribble does not split into a page of its own is linked
    as a place in its parent's page ("module-basics.html#(part._module-org)"),
    so a chapter's table of contents mixes links to pages and to places in
    them; such a row is a table-of-contents entry all the same, as the hand
    check took PuTTY's, SWIG's, Exim's and Yodl's contents (links to the
    places at their chapters' starts): its lead is its link without the
    fragment. A row leading to a place in the page itself leads nowhere
    (the fragment dropped, the href is empty or the page's own)."""
    rows = {}
    for tr in walk(main):
        if tr.tag != "tr":
            continue
        a = first_text_link(tr)
        if a is None or not {"toclink", "toptoclink", "tocsubseclink"} & set(a.cls()):
            continue
        href = a.attrs.get("href") or ""
        if "#" not in href:
            continue  # a link to a page: the rule as it is
        head = Node("a", dict(a.attrs, href=href.split("#")[0]), None)
        head.kids = a.kids
        rows[id(tr)] = ([tr], head)
    return rows


def first_text_link(n):
    """The link (a with href) holding n's first visible text, or None."""

    def rec(x, link):
        if isinstance(x, str):
            return (True, link) if x.strip() else (False, None)
        if x.tag in INVISIBLE:
            return False, None
        if x.tag == "a" and "href" in x.attrs:
            link = x
        for k in x.kids:
            found, l = rec(k, link)
            if found:
                return True, l
        return False, None

    return rec(n, None)[1]


def ocamldoc_site(rel, root):
    """ocamldoc's HTML (the classic generator of OCaml, `ocamldoc -html`;
    OCaml Batteries Included 3.6, libbatteries-ocaml-doc): no content
    element; the body minus the navigation bar (div.navbar: Previous, Up,
    Next). A module's submodules are declarations in a pre ("module
    <a>Cap</a>: sig .. end"), as every other item, not entries. The
    generated indexes: index_*.html (values, types, modules, module types,
    exceptions, extensions, classes, class types, methods, attributes: a
    table of rows, each a name linking to its place in a module's page, then
    the module and the item's summary), when they list anything (an empty
    index, its table without a row, leads nowhere: a topic, as rustdoc's
    empty modules). index.html (the library's front page and module list)
    and the module pages are measured by the rule."""
    main = find(root, lambda n: n.tag == "body") or root
    skip = lambda n: n.tag == "div" and "navbar" in n.cls()
    index = (os.path.basename(rel).startswith("index_")
             and find(main, lambda n: n.tag == "tr" and find(n, lambda a: a.tag == "a") is not None) is not None)
    return main, skip, index


def ocamldoc_grid(main):
    """ocamldoc declares a submodule or module type as a pre, "module <a
    href="M.Sub.html">Sub</a>: sig .. end" (span#MODULESub or
    span#MODULETYPESub), followed by its description (div.info): such a
    declaration is an entry led by the link of its name (the keyword before
    it is the declaration's syntax, as rustdoc's "pub use"), its description
    with it; every other declaration (val, type, exception) is the module's
    own content. The page's own header ("module M: sig <a>..</a> end", the
    link to itself) leads nowhere."""
    rows = {}
    for pre in walk(main):
        if pre.tag != "pre":
            continue
        span = next((k for k in pre.kids if isinstance(k, Node)), None)
        if span is None or span.tag != "span" or not (span.attrs.get("id") or "").startswith("MODULE"):
            continue
        name = next((k for k in span.kids if isinstance(k, Node) and k.tag == "a"), None)
        if name is None:
            continue
        cells = [pre]
        sib = pre.parent.kids
        for k in sib[sib.index(pre) + 1:]:
            if isinstance(k, str):
                if k.strip():
                    break
                continue
            if k.tag != "div" or "info" not in k.cls():
                break
            cells.append(k)
        rows[id(pre)] = (cells, name)
    return rows


def odoc_site(rel, root):
    """odoc's HTML (odoc 1.5, the OCaml documentation generator that
    followed ocamldoc; OCamlgraph 2.0, libocamlgraph-ocaml-doc): one
    directory per module, its page index.html; the content is div.content
    (main.content on the root's package list) minus its nav elements (the
    header's "Up" links and the page's own table of contents, nav.toc).
    odoc generates no index of identifiers; the root page (the packages)
    and the package page (its library's entry module) are measured by the
    rule."""
    main = find(root, lambda n: n.tag in ("div", "main") and "content" in n.cls()) or \
        find(root, lambda n: n.tag == "body") or root
    skip = lambda n: n.tag == "nav"
    return main, skip, False


ODOC_DECLS = ("module", "module-type", "class", "class-type")


def odoc_grid(main):
    """odoc declares each item as a definition term (dt.spec, its kind the
    second class: value, type, module, include, ...) holding an anchor link
    without text, then a code, "module <a href="Sub/index.html">Sub</a> :
    sig ... end", its description the following dd. As for ocamldoc (the
    same language's declarations, decided for Batteries in the fifteenth
    round), a submodule's, module type's, class's or class type's
    declaration whose name links to its page is an entry led by that link
    (the keyword before it is the declaration's syntax), its dd with it;
    every other declaration (value, type, exception, include) is the
    module's own content. A declaration without a doc comment is a div.spec
    of the same classes, without a dd (added in the seventeenth round: read
    as the dt, it was missed, the page's share 0.0 however many submodules
    it declares; README.md)."""
    rows = {}
    for dt in walk(main):
        if dt.tag not in ("dt", "div") or "spec" not in dt.cls() or len(dt.cls()) < 2 or dt.cls()[1] not in ODOC_DECLS:
            continue
        code = next((k for k in dt.kids if isinstance(k, Node) and k.tag == "code"), None)
        if code is None:
            continue
        kids = [k for k in code.kids if isinstance(k, Node)]
        name = next((k for k in kids if k.tag == "a"), None)
        if name is None or not all(k.tag == "span" and "keyword" in k.cls() for k in kids[:kids.index(name)]):
            continue
        cells = [dt]
        sib = dt.parent.kids
        for k in sib[sib.index(dt) + 1:] if dt.tag == "dt" else []:
            if isinstance(k, str):
                if k.strip():
                    break
                continue
            if k.tag != "dd":
                break
            cells.append(k)
        rows[id(dt)] = (cells, name)
    return rows



def odoc2_site(rel, root):
    """odoc 2's HTML (odoc 2.1; js_of_ocaml 4.0, libjs-of-ocaml-doc): one
    directory per module, its page index.html; no content element of its
    own (body.odoc: nav.odoc-nav, header.odoc-preamble holding the title
    and the module's preamble, nav.odoc-toc, div.odoc-content), so the
    body minus its nav elements (main.content on the root's package
    list). No index of identifiers; the root page and the package pages are
    measured by the rule."""
    main = find(root, lambda n: n.tag == "main" and "content" in n.cls()) or \
        find(root, lambda n: n.tag == "body") or root
    skip = lambda n: n.tag == "nav"
    return main, skip, False


def odoc2_grid(main):
    """odoc 2 declares each item as a div.odoc-spec holding a div.spec (its
    kind the second class, as odoc 1.5's dt: value, type, module, ...),
    an anchor link without text, then a code, "module <a
    href="Sub/index.html">Sub</a> : sig ... end", and, when documented, its
    description as a following div.spec-doc. As odoc 1.5's (decided in the
    sixteenth round): a submodule's, module type's, class's or class type's
    declaration whose name links to its page, after nothing but keywords, is
    an entry led by that link, its description with it; every other
    declaration is the module's own content."""
    rows = {}
    for d in walk(main):
        # odoc 2.1 writes two class attributes, <div class="spec module"
        # id="module-CSS" class="anchored">: the first holds (HTML), the
        # parser here keeps the last, so the kind is read from the id
        # (module-, module-type-, class-, class-type-), odoc's own prefix
        if d.tag != "div" or not (d.attrs.get("id") or "").startswith(("module-", "class-")):
            continue
        code = next((k for k in d.kids if isinstance(k, Node) and k.tag == "code"), None)
        if code is None:
            continue
        name, lead = None, []
        for n in walk(code):
            if n.tag == "a":
                name = n
                break
            lead.append(n)
        if name is None or not all(n.tag in ("code", "span") and
                                   (n.tag == "code" or "keyword" in n.cls() or
                                    all(isinstance(k, Node) or not k.strip() for k in n.kids))
                                   for n in lead):
            continue
        cells = [d]
        sib = d.parent.kids
        for k in sib[sib.index(d) + 1:]:
            if isinstance(k, str):
                if k.strip():
                    break
                continue
            if k.tag != "div" or "spec-doc" not in k.cls():
                break
            cells.append(k)
        rows[id(d)] = (cells, name)
    return rows

# GHC's libraries (ghc-doc; README.md): the subset is the packages base and
# mtl (each package's module pages, contents and index pages and its
# hyperlinked sources src/) and the libraries' own front page and combined
# identifier index (the pages of the root directory).
GHC_PACKAGES = ("base-4.15.1.0/", "mtl-2.2.2/")


def ghc_subset(rel):
    name = rel.replace(os.sep, "/")
    return "/" not in name or name.startswith(GHC_PACKAGES)


# The Racket documentation's subset (README.md): the Guide and the Reference.
SCRIBBLE_MANUALS = ("guide/", "reference/")


SITES = {"python": python_site, "postgresql": postgresql_site, "git": git_site, "octave": octave_site,
         "apache": apache_site,
         "gtkdoc": gtkdoc_site, "javadoc": javadoc_site, "doxygen": doxygen_site, "yard": yard_site,
         "sphinx": python_site, "haddock": haddock_site, "gidocgen": gidocgen_site,
         "mkdocs": mkdocs_site, "nodejs": nodejs_site, "sqlite": sqlite_site, "docutils": docutils_site,
         "pydoctor": pydoctor_site, "qdoc": qdoc_site, "exim": exim_site, "yodl": yodl_site,
         "vim": vim_site, "swig": swig_site, "xmlsoft": xmlsoft_site, "halibut": halibut_site,
         "rustdoc": rustdoc_site, "latex2html": latex2html_site,
         "scribble": scribble_site, "ocamldoc": ocamldoc_site, "haddock-ghc": haddock_site,
         "odoc": odoc_site, "odoc2": odoc2_site, "texi2html": texi2html_site}
def gidocgen_grid(main):
    """gi-docgen lists a class's or struct's members (constructors, methods,
    functions, properties, signals, virtual functions) as div blocks, each a
    heading (h6) naming the member, with a link to the member's page, then
    its one-line summary: such a block is an entry led by its heading."""
    rows = {}
    for d in walk(main):
        if d.tag != "div":
            continue
        first = next((k for k in d.kids if isinstance(k, Node)), None)
        if first is not None and first.tag == "h6":
            rows[id(d)] = ([d], first)
    return rows


GRIDS = {"javadoc": javadoc_table_grid, "doxygen": doxygen_grid, "gidocgen": gidocgen_grid,
         "pydoctor": pydoctor_grid, "rustdoc": rustdoc_grid,
         "scribble": scribble_grid, "ocamldoc": ocamldoc_grid, "odoc": odoc_grid,
         "odoc2": odoc2_grid}


# The hand check (README.md) looked at every page whose share lies in
# [0.3, 0.7], at every generated index and at every page whose file name
# contains "index" or "contents". It changes a label only where the rule
# mis-measures the page's structure, never because of a classifier:
HAND = {
    # AsciiDoc puts each how-to's description in a paragraph after its
    # one-item list, outside the entry; counted with their entries the
    # descriptions make the share 0.97 (the page lists the 18 how-tos and
    # nothing else).
    ("git", "howto-index.html"): True,
    # Indexes written by hand ("High-level API Index", "Low-level API
    # Index"): table rows that lead to places in other pages, which the
    # rule counts only on the generator's own index pages.
    ("python", "library/asyncio-api-index.html"): True,
    ("python", "library/asyncio-llapi-index.html"): True,
    # Section front pages whose entries are a title, a paragraph and then
    # "See: <link>": the link comes last, so the rule sees no entry; each
    # entry leads to a page and they are all the page holds (share 0.95 by
    # hand).
    ("apache", "howto/index.html"): True,
    ("apache", "platform/index.html"): True,
    # Doxygen's list of related pages: the generator's list template (as
    # annotated.html, files.html, namespaces.html), whose one-sentence
    # caption outweighs its two entries (share 0.40).
    ("doxygen", "pages.html"): True,
    # gi-docgen's visual index (libadwaita): a gallery, each widget a heading
    # and a paragraph holding its picture, a link to the widget's class page;
    # the rule counts li/tr/dt entries and sees none (share 0.0), but the page
    # holds nothing else.
    ("gidocgen", "visual-index.html"): True,
    # SQLite's history of releases: a table of rows "date, version", each
    # version a link to its release log; the date (a link off the site)
    # comes first, so the rule sees no entry (share 0.0), but the page holds
    # nothing else.
    ("sqlite", "chronology.html"): True,
    # The Exim specification's tables of contents (the spec's and the
    # filter manual's): each chapter entry's first text is its number as
    # text ("1. <a>Introduction</a>") and its sections lead to places in the
    # chapter, so the rule sees no entry (share 0.0); the pages hold
    # nothing else but the title and revision.
    ("exim", "index.html"): True,
    ("exim", "filter.html"): True,
    # Yodl's table of contents (C++ Annotations: cplusplus.html, and the
    # same list as the frame's contents pane, contents.html): every entry
    # links to the anchor at the start of its chapter or section
    # ("cplusplus02.html#l2"), a place, so the rule sees no entry (share
    # 0.0); the pages hold nothing else.
    ("yodl", "cplusplus.html"): True,
    ("yodl", "contents.html"): True,
    # Vim's user manual's table of contents (usr_toc.html, share 0.25): the
    # chapters lead to their pages, then each chapter's sections lead to
    # places in it (|01.1|), so the rule sees only the first list; the page
    # holds nothing else (as Exim's index.html).
    ("vim", "usr_toc.html"): True,
    # odoc's root page (OCamlgraph): the generator's list of packages, a
    # heading and a list of one package (share 0.29: the heading outweighs
    # the one entry, as Doxygen's pages.html); the page holds nothing else.
    ("odoc", "index.html"): True,
    # Vim's index of all commands (vimindex.html, index.txt, written by the
    # help's authors): lines "|tag| keys description", each leading to a
    # place in another page, which the rule counts only on the generator's
    # own index (tags.html), share 0.0; as Python's hand-written API indexes.
    ("vim", "vimindex.html"): True,
    # SWIG's sections summary and detailed table of contents: every chapter
    # link names the anchor of the chapter's title ("Preface.html#Preface"),
    # a place, and the sections lead to places in the chapters, so the rule
    # sees no entry (share 0.0); the pages hold nothing else (as Yodl's).
    ("swig", "Manual/Sections.html"): True,
    ("swig", "Manual/Contents.html"): True,
    # SWIG's front page (share 0.05): three list items, the documentation in
    # chapters, on one page, as PDF; the first item's links (to the two
    # tables of contents) come after a sentence, so the rule sees one entry
    # of three; the page holds nothing else (as Apache's "See:" pages).
    ("swig", "Manual/index.html"): True,
    # Halibut's contents page (the PuTTY manual's index.html, share 0.0):
    # three short paragraphs (what PuTTY is, a note to Unix users, the
    # copyright), then the table of contents, whose every entry links to the
    # anchor at its chapter's or section's start ("Chapter1.html#intro"), a
    # place, so the rule sees no entry; as Yodl's and SWIG's.
    ("halibut", "index.html"): True,
    # texi2html's tables of contents (share 0.00-0.04): the zsh manual's
    # zsh_toc.html and the gettext manual's gettext_toc.html (and its copy
    # index.html) are nothing but the nested contents list, the zsh
    # manual's index.html (the Top node) a short permission notice above
    # the menu of its chapters (three quarters of its text); every entry
    # links to the anchor at its node's start ("Introduction.html#
    # Introduction", "gettext_1.html#SEC1"), a place, so the rule sees no
    # entry; as Halibut's, Yodl's and SWIG's.
    ("texi2html", "index.html"): True,
    ("texi2html", "zsh_toc.html"): True,
    ("texi2html", "gettext_toc.html"): True,
    # The gettext manual's Java API (javadoc2/, old javadoc beside the
    # manual): index-all.html is javadoc's generated index (as the javadoc
    # sites'), its entries links to places in the class pages.
    ("texi2html", "javadoc2/index-all.html"): True,
}


def hand(site, rel):
    """The hand check's changes (HAND), and the ones made by page kind:
    javadoc's class hierarchies (package-tree.html, overview-tree.html) are
    hubs: each entry is a qualified class name whose package part is plain
    text before the link to the class ("com.example.<a>Foo</a>"), so the
    rule sees no entry; they hold nothing but these entries. Doxygen's
    directory pages likewise (below)."""
    name = rel.replace(os.sep, "/")
    if site == "javadoc" and os.path.basename(name) in ("package-tree.html", "overview-tree.html"):
        return True
    # SQLite's release logs (releaselog/*.html) are news: each list item is
    # a sentence describing one change whose subject is often a link to the
    # feature's page ("<a>STRICT tables</a> provide ..."), which the rule
    # counts as an entry (0.00-0.90; 9 of 225 at or above 0.5); they are
    # articles about a release, not ways to other pages: topics by page kind.
    if site == "sqlite" and name.startswith("releaselog/"):
        return False
    # Doxygen's directory pages (dir_<hash>.html: the directory's
    # subdirectories and files) and directory dependency pages
    # (dir_<n>_<m>.html: rows of a file and the file it includes, each a
    # link to the file's page) hold nothing else but the dependency graph's
    # caption and, on some sites, a footer inside div.contents, which put
    # small directories below half (CppUnit 0.19-0.49): hubs by page kind
    # when they list anything (label(); JsonCpp's empty directory page is
    # not).
    return HAND.get((site, name))


def label(site, rel, text):
    """Returns (is_hub, share, is_index) of one page under the rule."""
    root = parse(text)
    main, skip, index = SITES[site](rel, root)
    if site == "vim":
        share, _, entries = vim_measure(main, rel)
    else:
        share, _, entries = entry_measure(main, rel, skip, GRIDS.get(site))
    hub = hand(site, rel)
    if hub is None and site == "doxygen" and os.path.basename(rel).startswith("dir_") and entries > 0:
        hub = True  # a directory page that lists something (hand())
    if hub is None:
        hub = index or share >= 0.5
    return hub, share, index


def pages(root):
    for d, _, files in os.walk(root):
        for f in files:
            path = os.path.join(d, f)
            if f.endswith(".html") and os.path.isfile(path):
                yield os.path.relpath(path, root), path


def refresh_only(text):
    """Texinfo's redirection stubs (a meta refresh and nothing else)."""
    head = text[:2000].lower()
    return 'http-equiv="refresh"' in head


def javadoc_redirect(text):
    """Javadoc's overview-summary.html of a site with packages: a script
    redirect to index.html and a link to it (body class
    index-redirect-page; JDK 9-16: a meta refresh in the head)."""
    return 'class="index-redirect-page"' in text or refresh_only(text)


def script_redirect(text):
    """YARD's frames.html: a script that replaces the window's location
    with index.html, and no content."""
    return "window.top.location.replace(" in text and "<body" not in text


def main():
    # Unclosed elements (SQLite's pages leave every <p> open) nest deeper
    # than Python's default recursion limit of 1,000.
    sys.setrecursionlimit(100000)
    threading.stack_size(512 << 20)
    args = [a for a in sys.argv[1:] if not a.startswith("-")]
    verbose, check = "-v" in sys.argv, "-check" in sys.argv
    site, root = args
    rows = []
    for rel, path in pages(root):
        if site == "exim" and os.path.islink(path):
            continue  # chNN.html: symbolic links to the ch-NAME.html pages
        with open(path, encoding="utf-8", errors="replace") as fh:
            text = fh.read()
        if site in ("octave", "texi2html") and refresh_only(text):
            continue  # not pages: redirects to the node that holds an anchor
        if site == "javadoc" and javadoc_redirect(text):
            continue
        if site == "yard" and script_redirect(text):
            continue
        if site == "rustdoc" and refresh_only(text):
            continue  # rustdoc's redirection stubs (old or re-exported paths)
        if site == "scribble" and not rel.replace(os.sep, "/").startswith(SCRIBBLE_MANUALS):
            continue  # the subset: the Guide and the Reference
        if site == "haddock-ghc" and not ghc_subset(rel):
            continue  # the subset: base, mtl and the root's pages
        hub, share, index = label(site, rel, text)
        rows.append((rel, hub, share, index))
    rows.sort()
    if verbose or check:
        for rel, hub, share, index in rows:
            if verbose or 0.3 <= share <= 0.7:
                tag = "\tindex" if index else ""
                print(f"{rel}\t{'hub' if hub else 'topic'}\t{share:.3f}{tag}")
        return
    print("path\tlabel")
    for rel, hub, _, _ in rows:
        print(f"{rel}\t{'hub' if hub else 'topic'}")


if __name__ == "__main__":
    t = threading.Thread(target=main)
    t.start()
    t.join()
