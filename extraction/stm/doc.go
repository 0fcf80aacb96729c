// Package stm implements Simple Tree Matching (Yang 1991; algorithm 1 of
// paper 004) over a compact, index-based copy of an HTML DOM.
//
// A Tree is built once from an *html.Node: nodes in pre-order, each with an
// integer label (known tags are their atom, unknown tags a 64-bit hash of the
// name, every text node the single label TextLabel), its subtree size, its
// parent and a children slice. Trees built separately compare directly: the
// labels need no shared table.
//
// STM(A,B) is 0 when the root labels differ, else 1 + M[m][n] with
// M[i][j] = max(M[i][j-1], M[i-1][j], M[i-1][j-1] + STM(A_i, B_j)): the size
// of the largest top-down order-preserving common mapping. Similarity
// normalises it as 2·STM/(|A|+|B|), which is 1 for identical trees and 0 for
// trees with different roots; thresholds elsewhere in the project (the d0 of
// record clustering) are on this scale.
//
// Files:
//   - tree.go: Tree, Options, Build, labels and structural hashes; Link
//     for a tree a caller copies itself (measuring its nodes in the same
//     walk).
//   - match.go: Matcher (reusable DP buffers, memoised matches of repeated
//     shapes, a work budget past which matching is greedy and linear:
//     SetBudget, SimilarityNodesWithin), Match, Similarity, MatchNodes,
//     MatchForests.
//   - memo.go: the Matcher's table of memoised matches (open addressing,
//     slots stamped with a generation: Reset, before every page, is one
//     increment instead of clearing a map of the largest page's capacity).
package stm
