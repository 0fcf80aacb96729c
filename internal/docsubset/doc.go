// Package docsubset holds small subsets of two real documentation sites
// (and a few of their pages chosen by kind),
// as Debian installs them (data/README.md: source, licence, date), for the
// tests and benchmarks of several packages: one copy, read here.
//
// Files:
//   - docsubset.go: the embedded archives and pages, Read.
//   - data/: the archives, data/docs/ the pages, and their provenance.
package docsubset
