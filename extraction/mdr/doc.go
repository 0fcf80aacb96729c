// Package mdr is the MDR baseline of data-record extraction (Liu, Grossman
// and Zhai, "Mining Data Records in Web Pages", KDD 2003), used to compare
// against the STM extractor of package extraction as paper 004 does.
//
// MDR walks the tag tree top-down. At every node it forms generalized nodes
// (runs of 1..K adjacent children) and compares adjacent generalized nodes
// of the same length by the normalised edit distance of their tag strings
// (the pre-order tag sequence of their subtrees; text is not a tag). A data
// region is a run of two or more adjacent similar generalized nodes; the
// region covering the most children wins (earlier start, then shorter
// generalized nodes on ties), the search continues after it, and children
// outside every region are searched recursively. Every generalized node of
// every region is a record: MDR reports all regions, not one main region.
//
// Files: mdr.go (Config, Extract, the region search and edit distance).
package mdr
