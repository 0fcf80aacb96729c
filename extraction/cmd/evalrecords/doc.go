// Command evalrecords measures record-level precision and recall of the
// data-record extractor (and the MDR baseline) on the records testbed:
//
//	go run ./extraction/cmd/evalrecords -data /work/shared/data/records -split report
//	go run ./extraction/cmd/evalrecords -data /work/shared/data/records -split report -cluster
//	go run ./extraction/cmd/evalrecords -data /work/shared/data/records -split report -method mdr
//	go run ./extraction/cmd/evalrecords -data /work/shared/data/records-small -small
//
// A ground-truth record is found when one extracted record contains its
// longest field (package evalrec: white space ignored, case folded, the
// annotators' trailing "…" and stray quotes dropped, double-encoded UTF-8
// repaired), each extracted record matching at most one ground-truth record
// (maximum bipartite matching). An extracted record is read as its text
// values in column order followed by its link and image addresses.
//
// Sites are split in halves by FNV-1a hash of the site name (evalrec.Half):
// the extractor's defaults were fitted on -split tune; -split report is the
// held-out half.
package main
