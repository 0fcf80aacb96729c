// Package dedup finds near-duplicate pages: a 64-bit SimHash (Charikar
// 2002) of a text's weighted word shingles, and an index answering "is a
// stored fingerprint within Hamming distance k of this one" without
// scanning every fingerprint, by the permuted-table scheme of Manku, Jain
// and Das Sarma, "Detecting Near-Duplicates for Web Crawling" (WWW 2007):
// the 64 bits are cut into k+1 blocks; two fingerprints within distance k
// agree exactly on at least one block (pigeonhole), so one table per block
// keyed by that block yields every candidate, and only candidates are
// compared bit by bit.
//
// Files:
//   - simhash.go: SimHash, SimHashOf (word hashes, a reused table of shingle counts,
//     bit counters in byte lanes) and Distance.
//   - index.go: Index (Add, Near), the block tables.
package dedup
