// Package export writes what a crawl stored as CSV (RFC 4180, UTF-8, via
// encoding/csv) or JSON Lines. Exports are always derived from the store.
//
// Files:
//   - export.go: Write, WriteFile (atomic), the tables: pages, links,
//     clusters, harvest, topics.
//   - records.go: records, as one file with a cluster column or one file
//     per cluster with that cluster's own column schema.
package export
