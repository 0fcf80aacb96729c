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
// A near-duplicate must also have a title of the same words up to numbers
// (TitleSig; the crawler asks it of the fingerprints within distance k,
// Index.NearWhere). Generated API documentation shares most of a page's
// text between distinct documents under titles of their own: crawls of
// real sites with every built-in on (2026-12-06) stored rustdoc's
// iterator structs (btree_map::Keys, Values, IntoIter… each mostly the
// Iterator trait's methods) as duplicates of option::IterMut at distances
// 2 to 6, and a Javadoc's StringBuilder as a duplicate of StringBuffer
// (distance 4): the first 1,500 pages of Debian's rust-doc from
// std/index.html lost 342 distinct pages (367 duplicates, now 25: the
// directory URLs of index pages and two prelude modules), the Javadoc of
// java.util 83 of 718 (now 721 pages stored, none a duplicate); the Python and
// PostgreSQL docs' duplicates are unchanged (14 identical bodies, 0).
// Titles differing only in numbers keep a calendar's empty days (and the
// duplicate-maze rule built on them) duplicates.
//
// Files:
//   - simhash.go: SimHash, SimHashOf (word hashes, a reused table of shingle counts,
//     bit counters in byte lanes) and Distance.
//   - title.go: TitleSig, the signature of a title's words.
//   - index.go: Index (Add, Near, NearWhere), the block tables.
package dedup
