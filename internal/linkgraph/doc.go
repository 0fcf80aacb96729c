// Package linkgraph holds saved link graphs (pages with their text, their
// out-links with anchor text and context, and topic labels as ground truth)
// and replays focused crawls over them with the real topic hook and the
// real memory frontier, for several strategies, seed draws and worker
// counts (Replay, Evaluate; the command is `crawl eval focus`).
//
// Files:
//   - graph.go: Graph, Read, Write, Validate.
//   - pydocs.go: FromHTMLDir, a graph of a Sphinx HTML tree labelled by its chapters.
//   - pgdocs.go: FromDocBookDir, a DocBook HTML tree labelled by its parts and chapters.
//   - folders.go: FromFolderDir, an HTML tree labelled by its folders.
//   - wikispeedia.go: FromWikispeedia, a graph of SNAP's Wikispeedia.
//   - webkb.go: FromWebKB, a graph of CMU's WebKB 4 Universities pages.
//   - replay.go: Replay, the oracle strategy, DrawSeeds.
//   - eval.go: Evaluate and FormatCells, harvest@N over draws.
//   - opaque.go: WithOpaqueURLs, the graph with URLs that say nothing of the page.
//   - cmd/mkgraph: builds the testdata graphs.
//
// See README.md for the data's provenance and the measured figures.
package linkgraph
