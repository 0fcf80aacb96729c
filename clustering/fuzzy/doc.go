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
// Files:
//   - config.go: Config with defaults and validation, Tags and tag weights.
//   - features.go: Tokenizer, Doc, SplitKeywords, Extract, Features.
//   - tokenizer.go: the default tokeniser (package text, no stemming).
//   - matrix.go: Matrix, the sparse page × word weights; max-min Similarity.
//   - span.go: Span (Prim over an inverted index, parallel scoring) and
//     FromSimilarity (Prim over a dense similarity matrix).
//   - heap.go: the indexed max-heap behind Prim.
//   - dendrogram.go: Dendrogram: edges, Levels, Cut, Count, Labels.
//   - cluster.go: Cluster, Result, Topic, top words per topic.
//   - hook.go: Hook, the crawl's OnBatch adapter.
package fuzzy
