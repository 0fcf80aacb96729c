// Package hub labels URLs hub (a directory or list page that leads to new
// articles) or topic (an article) from the URL alone, with an RBF C-SVC
// over URL features (paper 001: hub page identification from URL features
// with an SVM), so that a crawler can decide before fetching; and it
// carries the paper's two page-level baselines for comparison.
//
// Features (features.go; Vector positions, LIBSVM index = position+1):
//
//	① anchor_len       anchor-text length in runes; missing when no anchor is known
//	② url_len          URL length in bytes
//	③ date             1 when the path or query holds a date (date.go lists the forms)
//	④ file_name_class  class of the file name (none / class|index|default|list / article|content / other)
//	⑤ file_type        class of the extension (none / asp|jsp|aspx|php / shtml|html|htm / other)
//	⑥ param_name       class of the query's parameter names (none / a name containing id / other)
//	⑦ param_count      number of query parameters
//	⑧ dir_depth        directory segments before the file name
//	⑨ page_size_log2   log2(1 + page bytes); missing unless known (after a fetch, on re-crawl)
//	⑩ crawl_depth      crawl depth; missing when unknown (URL lists)
//	⑪ last_segment_len length of the last path segment without its extension   (ours)
//	⑫ digit_share      share of digits in the path                                (ours)
//	⑬ slug_words       words of the last segment split at - _ + . , %20            (ours)
//	⑭ digit_run        longest run of digits in the path (article ids)             (ours)
//	⑮ trailing_slash   1 when the path is empty or ends in '/'                      (ours)
//
// The text-valued features ④–⑥ take, as in the paper, the share of the
// training hub pages in their class ×100 (Tables, learned by Train and
// saved with the model; PaperTables holds the paper's own values).
//
// Missing values: Extract returns NaN; after svm-scale-style scaling to
// [−1, 1] a missing feature gets 0, the middle of the range, which is what
// an omitted index means in a LIBSVM vector. Training does the same, so a
// feature missing in every training URL (the shipped data have no anchor,
// size or depth) gets no range and is ignored by the model; training data
// with those columns make them count.
//
// Anchor layer: a crawler knows each link's anchor text, which urls.tsv
// lacks. When the classifier has an AnchorLayer (the shipped one does) and
// a URL comes with anchor text, the label and P(hub) come from
// z = a·d + b·log2(1 + anchor runes) + c over the SVM's decision value d,
// fitted on labelled links from other sites (WithAnchorLayer, crawl hub
// train -links); without anchor text the SVM alone decides.
//
// Files:
//
//	features.go   Vector, URLInfo, Extract and the allocation-free URL splitting
//	date.go       date-in-URL detection
//	tables.go     text-value classes, Tables, LearnTables, PaperTables
//	data.go       Example, ReadTSV, Columns (the TSV columns), SplitByHost (host-disjoint splits)
//	classifier.go Classifier, TrainOptions, Train (editing), Classify, Decision, IsHub
//	anchor.go     AnchorLayer, WithAnchorLayer (logistic regression over d and the anchor length)
//	grid.go       grid search over C and gamma with host-grouped k-fold CV, one kernel matrix per gamma
//	cv.go         CrossValidate: host-grouped k-fold estimate of F1 on unseen sites
//	bundle.go     model bundle directory (hub.model, hub.range, features.json with the layer), Load, Save, Default
//	metrics.go    Metrics: precision, recall, F1, confusion matrix; Evaluate
//	hook.go       Hook: OnURL (label, score, policy) and OnPage adapters, Policy, Mode, HookOption
//	decisions.go  the URL SVM's decision of each link remembered per (URL, anchor, depth): a repeated link is a lookup
//	evidence.go   Evidence, MeasurePage, MeasurePageAt: a fetched page's main-content link structure (page evidence)
//	              (furniture left out; a header holding the page's title or a section's is the page's: ownHeader)
//	entry.go      entries that lead to another page of the site or to a place in one (tables of contents, indexes),
//	              after a marker or a name; blocks opened by a heading that links to a page (terms); links to a
//	              place in the page itself; a dt's lead kept for its dd elements (termOf): README "The walk's
//	              repeated searches" has the cost and the command
//	hrefs.go      what an href is to the page (hrefLead: a page, a place in one, neither; this site or any; the
//	              page's own file told by its last segment, ownSegment), classified once a page in a direct-mapped cache
//	blockentry.go one search answers for a list item or row both as a block's lead and as its entry's (searchBoth)
//	marker.go     a list marker before an entry's link, and an operator's name in a cell of its own before a link to
//	              a place, which is a name (an index term), not a marker (cellName)
//	names.go      rows led by a name before a link to a page count in tables of three rows or more
//	prelines.go   lines of a pre, or of a p split by br, led by a link to a page (or a place) are entries (Vim's help as HTML, libxslt's API indexes)
//	              (a p of links each ending with a br, Scribble's index, is split in an entry too); a pre's line
//	              may lead by its link after a declaration's keyword of one or two words of letters ("module
//	              <a>Sub</a>: sig .. end", ocamldoc's submodules), not when the line ends with the link ("include")
//	              and an li, dt or div entry too when the keyword is in code (declLead: odoc's "<dt><code>module
//	              <a>Sub</a> : sig ... end</code>", its dd with it; not in a table cell; a div only after its
//	              permalink: declDiv)
//	described.go  a paragraph after a one-item list led by a page link describes that entry (AsciiDoc); a div of
//	              paragraphs after a pre that counted a declaration describes it (ocamldoc's div.info)
//	content.go    elements that hold content whatever their class says (article, role main, id content)
//	selfnav.go    a navigation region around a link to the page itself (href="", the side table of contents
//	              that lists the page: Scribble's div.tocset) is left out: up to the highest ancestor holding no heading
//	fastpath.go   the page evidence's byte-level helpers: non-space rune count, class-word prefilter, ?# and path-segment tests
//	rows.go       rows of a table laid out as sibling cells (period-k runs, MDR's generalized nodes) or wrapped in a repeated block
//	block.go      repeated blocks that lead to another page (list pages laid out in divs), their largest run (or one kind of term blocks summed); a run led by one link is none
//	              code before a block's link is no label: a member's declaration ("method m : <a>t</a>", "inherit
//	              <a>c</a>", odoc 2's class types) leads nothing, a declaration's keyword that goes on after the
//	              link ("module <a>Sub</a> : sig ... end") or a path running into it ("use super::<a>X</a>") does (codeLabel)
//	scope.go      entries and blocks counted when the walk leaves them: layout containers, a page's own
//	              members and one page's member lists left out; kind labels ("Method") are no index terms,
//	              and outside a cell of their own lead no sentence ("The <a>cmd()</a> command now …");
//	              an entry led by a place in the page the previous entry led to is that page's section
//	letters.go    an index's letter heading (a th alone in its row, an h2–h6: one letter, no link): on its
//	              page, index entries count however few pages they lead into (texinfo's small indexes)
//	pagemodel.go  PageModel (logistic regression over Evidence, block rule with its term share), TrainPageModel, DefaultPageModel
//	calibrate.go  per-host calibration of the URL SVM against its fetched pages' page-evidence labels
//	linkmodel.go  per-host link model: online logistic regression (AdaGrad, bounded replay) cold-started by the SVM
//	linkhosts.go  per-host state: labelling links, learning from fetched pages, revising queued links in turn
//	linkfeatures.go  a link's hashed pre-fetch features (path, file name, anchor, parent relation and label)
//	linkcontext.go   where each link sits in its parent page (list level, nested entry, classes, region)
//	cmd/linkreplay replays a stored crawl through the hook to score link labels before a fetch
//	cmd/pagemodel trains and evaluates the page model on labelled pages
//	pages.go      PageStats of fetched pages (charset decoding, DOM walk), page splits
//	baselines.go  the heuristic rule classifier and the content-feature SVM
//
// Page evidence (an extension; the paper's URL-only classifier is
// unchanged): with WithPageModel a fetched page's label is P(hub) from its
// own link structure (link density, links, text, and the shares of its
// text in entries leading to other pages and to places in them, with a
// rule for list pages laid out as repeated blocks), and
// WithHostCalibration corrects the links of hosts whose fetched pages show
// the URL model wrong for them; WithLinkModel instead labels links by a
// per-host model that starts as the URL SVM, learns from each fetched page
// of the host and, once the host's pages show the SVM wrong for it, labels
// its links and revises the labels of its queued links (TakeRelabels), a
// bounded number per page.
//
// The model shipped in model/ is embedded; README.md gives the command
// that trained it and the measured figures. A Classifier is immutable and
// safe for concurrent use; Classify does not allocate.
package hub
