// Package docsubset holds small subsets of two real documentation sites,
// as Debian installs them (data/README.md: source, licence, date), for the
// tests and benchmarks of several packages: one copy, read here.
//
// Files:
//   - docsubset.go: the embedded archives, Read.
//   - data/: the archives and their provenance.
package docsubset
