// Package evalrec scores extracted data records against ground truth the
// way issue 6 defines it: a ground-truth record is found when one extracted
// record contains its longest field text (white space collapsed, case
// folded), and each extracted record matches at most one ground-truth
// record (a maximum bipartite matching).
package evalrec
