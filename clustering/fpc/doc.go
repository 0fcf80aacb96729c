// Package fpc groups web pages by template with the FPC method of paper 000
// (fast incremental clustering of large-scale web pages): each page is nine
// features (the DOM tree's layered vector and eight string sets), a cluster
// has a real centre (a "hidden page" with the same nine features), batches
// are clustered with MKmeans (no K) and merged into the stored clusters
// through 32 LSH fingerprints and their inverted indexes.
//
// Files:
//   - features.go: Extract, the nine features in one walk of the DOM.
//   - extractdir.go: ExtractDir, the features of a directory of pages (the
//     measuring tools' input).
//   - walk.go: the walk: elements counted by depth and tag, the set
//     elements hashed as they are read (no strings built), the walker's
//     buffers reused from page to page; tagcache.go: the common tags'
//     hash and bit by the parser's atom; distinct.go: the sets kept
//     distinct as they are found; jsnames.go: the names of the functions
//     a script defines.
//   - similarity.go: the per-feature similarities and their weighted sum.
//   - layers.go: the layered vector as bitmasks and packed weights, and the
//     sum of per-layer cosines over them; layers_amd64.go, layers_amd64.s:
//     its common-tag part in SSE assembly (layers_other.go elsewhere, or
//     with the build tag purego).
//   - sketch.go: the bitsets set features are compared through, and the
//     linear-counting size estimates.
//   - intersections_amd64.go, intersections_amd64.s: the popcounts of the
//     ANDed sketches with POPCNT, and the eight set terms of a page pair
//     with them (setSim); intersections_other.go elsewhere or with purego.
//     Every assembly routine has a pure-Go twin that tests hold bit for bit
//     equal to it; .ci/run also tests the package with -tags purego.
//   - centre.go: cluster accumulators (sorted slices; a page's elements
//     found by galloping, the new ones moved in by copy) and the
//     centres derived from them.
//   - codec.go: the compact binary stored form of an accumulator.
//   - mkmeans.go: MKmeans, algorithm 1 (a cluster a round left with the
//     same pages keeps its sums; only its layer cosines are summed again);
//     counttable.go: a changed cluster's set accumulators rebuilt by
//     counting its pages' elements in a hash table, pruned there, sorted
//     once.
//   - singletons.go: rejoinSingletons, the extension that ends MKmeans: a
//     page left in a cluster of its own joins the most similar other
//     centre it is at least D similar to (Config.KeepSingletons: off).
//   - lsh.go: fingerprints (algorithm 2) and the inverted indexes.
//   - clusterer.go: Clusterer, incremental merging (algorithm 3), persistence.
//   - canonical.go: Recluster, the final pass in canonical order (Digest)
//     that makes the partition independent of the fetch order, and the id
//     matching that lets most pages keep their cluster id.
//   - merge.go: Merge, clusters of other clusterers (another store's rows)
//     merged by their centres, as algorithm 3 merges sub-clusters.
//   - hook.go: the OnBatch adapter (WithFinalPass: the final pass at the
//     final batch; Moves, Removed for the store; WithPageFeatures: features
//     extracted in OnPage, no DOM needed at the batch).
//   - explain.go: Clusterer.Explain, the nine terms of a page against
//     every stored cluster (eq. 8, and eq. 7 as a one-page centre);
//     cmd/singletons prints them for the pages a directory's final pass
//     leaves alone.
//   - cmd/orderstab: measures the adjusted Rand index between shuffled
//     orders of a directory of pages, with and without the final pass.
//   - eval.go: pairwise F1 and adjusted Rand index.
//   - baseline.go: STMCure, the paper's baseline (Simple Tree Matching of
//     extraction/stm with average-link clustering).
//   - report.go: LSHReport, candidate share and recall of the fingerprints.
//
// Choices the paper leaves open (documented where they are made): the
// weights of the nine similarities, the thresholds, the smoothed Jaccard
// (|S1∩S2|+α)/(|S1∪S2|+1) between pages or centres and (|S∩T|+α)/(|T|+1)
// from a page S to a centre set T, so that two empty sets score α and
// neither pull nor push (the sizes estimated from bitsets, sketch.go);
// layers deeper than a centre keeps count as zero cosine.
//
// Extension over the paper (Config.KeepSingletons restores the paper's
// MKmeans): after its rounds, MKmeans moves the page of each cluster of one
// page to the most similar other cluster's centre when the page is at
// least D similar to it (singletons.go): the long pages of one-template
// documentation sites otherwise stay in clusters of their own.
package fpc
