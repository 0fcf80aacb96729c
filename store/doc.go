// Package store keeps a crawl in one SQLite file (WAL mode, synchronous
// NORMAL, foreign keys on): pages with gzip-compressed HTML, their links,
// failures, the persisted frontier, batches, structural clusters with their
// LSH fingerprint index, extracted records, fuzzy topics and run metadata.
//
// Every multi-row write is one transaction and idempotent, so replaying a
// write after a crash never duplicates anything. Writes go through a single
// connection (BEGIN IMMEDIATE); reads use a small read-only pool and never
// block the writer. One process at a time: Open takes an exclusive lock on
// path+".lock".
//
// Files:
//   - store.go: Open, Close, the process lock, header check, errors.
//   - lock_unix.go, lock_other.go: the lock file.
//   - schema.go: the ordered migrations (PRAGMA user_version), SchemaVersion, SetMeta, Meta.
//   - pages.go: SaveResults (multi-row link inserts, pages encoded on all CPUs), Failure, MaxSeq, Counts, LinkCount.
//   - read.go: gzip, UnbatchedPages, Pages, PagesNoHTML, PageBySeq, PageLinks.
//   - batch.go: SaveBatch, ClusterRow, Clusters, ClusterCandidates, DeleteClusters, SaveTopics, TopicWords.
//   - frontier.go: frontier rows for the frontier package's SQLite backend.
//   - recrawl.go: HubPages, SetValidators, UpdatePage (re-visits).
//   - export.go: typed rows for the CSV/JSONL exports (pages, links, records, clusters, failures);
//     ExportClusterRecords and RecordColumns (field names per cluster) let records tables stream.
package store
