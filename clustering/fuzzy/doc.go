// Package fuzzy groups crawled pages into topics with the fuzzy
// maximum-spanning-tree clustering of paper 002 (Mao et al. 2011): feature
// words come only from the title, meta keywords and meta description; a
// word's weight in a page is Σ ln c_k over the tags it occurs in; pages are
// compared with the max-min similarity r_ij = Σ min / Σ max; the maximum
// spanning tree of the similarity graph, cut at level r (edges < r broken,
// edges = r kept), gives the topics, and the distinct edge weights are the
// levels of the whole dendrogram.
//
// Choices where the paper leaves room:
//   - c defaults to 10 (title), 4 (keywords), 2 (description): the values
//     behind its worked numbers; its text says 5 for keywords.
//   - Keywords are split by SplitKeywords and each phrase goes through the
//     same tokeniser as title and description, so words match across tags.
//   - Only pages sharing a word are ever compared; the rest have similarity
//     0 and no edge, so the tree is a forest and pages with no words are
//     singletons. Cutting at 0 gives the groups connected by shared words
//     (the paper's complete graph would join everything through zero edges).
//   - Prim grows each tree from its lowest-numbered page (the paper starts
//     from the heaviest edge; the cut partitions are the same).
//
// Extension for real sites (the default; Config.Paper turns it off): the
// paper weighs each page alone, so on a real site the words every page
// repeats (the site's name in every title, navigation, slogans) tie all its
// pages into one topic. Pages carry their host (Doc.Host); the title
// template the host's titles share is stripped, so are the words that
// name a page's kind rather than its subject ("Introduction to …",
// "Functions and Variables for …", "…-pkg": kind.go), and each word is
// weighed down by the share of the host's pages it occurs on (site.go; on a host
// of fewer than Config.SiteMinPages pages, a small sample, only a word on
// nearly every page weighs nothing). The cut's single linkage still
// chains pages through words they share two by two, so a topic is capped
// at Config.MaxTopicShare of the pages (Dendrogram.CutCapped breaks it at
// its weakest links; links of similarity ≥ Config.Cohesive never break).
// Pages left alone are unclustered, not topics (Result.Grouped). README.md
// has the figures on real sites.
//
// Files:
//   - config.go: Config with defaults and validation, Tags and tag weights.
//   - features.go: Tokenizer, Doc, SplitKeywords, Extract, Features.
//   - tokenizer.go: the default tokeniser (package text, no stemming).
//   - matrix.go: Matrix, the sparse page × word weights; max-min Similarity.
//   - span.go: Span (Prim over an inverted index, parallel scoring) and
//     FromSimilarity (Prim over a dense similarity matrix).
//   - heap.go: the indexed max-heap behind Prim.
//   - dendrogram.go: Dendrogram: edges, Levels, Cut, CutCapped, Count, Labels.
//   - cluster.go: Cluster, Result, Topic, Grouped, top words per topic;
//     the corpus with the site corrections applied when it is clustered.
//   - site.go: title segments and templates (TitleSegments,
//     LearnTitleTemplate), the in-site frequency factor, each page's title
//     words after the site corrections.
//   - kind.go: kind phrases and kind words, the words of a title that
//     name the page's kind (LearnKindPhrases, KindPhrases.Cut).
//   - cmd/sitetopics: topics, unclustered pages and the largest topic of a
//     crawl store (or of its first N pages), with or without the
//     extension; -pages writes each page's topic.
//   - testdata/make/upchapters.py: the purity of those topics against a
//     manual's chapters, found from its "up" navigation links.
//   - hook.go: Hook, the crawl's OnBatch adapter.
package fuzzy
