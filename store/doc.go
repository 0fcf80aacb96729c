// Package store keeps a crawl in one SQLite file (WAL mode, synchronous
// NORMAL, foreign keys on): pages with their gzip-compressed HTML (in a
// table of its own, page_html, since schema version 9), their links (with
// the rel of a head <link>, crawl.Link.Rel, since schema version 12),
// failures, the persisted frontier, batches, structural clusters with their
// LSH fingerprint index, extracted records, fuzzy topics and run metadata.
//
// Every multi-row write is one transaction and idempotent, so replaying a
// write after a crash never duplicates anything. Writes go through a single
// connection (BEGIN IMMEDIATE); reads use a small read-only pool and never
// block the writer. One process at a time: Open takes an exclusive lock on
// path+".lock".
//
// A file given as a store that is not one — another program's SQLite
// database, a text file, an empty file — is refused and left byte for byte
// as it was: recognition reads the header, and opens an unmarked SQLite
// file only read-only and immutable. Every Open of an existing store runs
// PRAGMA quick_check first and fails with ErrCorrupt on damage.
//
// It speaks the root package's vocabulary (crawl.Page, crawl.Failure,
// crawl.Counts, crawl.FrontierEntry, crawl.Fingerprint, crawl.Result), so
// the engine (package crawler) needs no import of this package.
//
// Files:
//   - store.go: Open, Close, errors, UseCompressed (gzipped HTML made elsewhere).
//   - marker.go: what makes a file a crawl store (ApplicationID and the
//     store_format row), the read-only recognition of other files (refused,
//     never touched) and of stores made before the marker (stamped),
//     creation beside the path, the integrity check (quick_check), Remove.
//   - lock_unix.go, lock_other.go: the lock file.
//   - schema.go: the ordered migrations (PRAGMA user_version), SchemaVersion, SetMeta, Meta.
//   - pages.go: SaveResults (multi-row link inserts, a commit's last links in power-of-two statements prepared once, pages encoded on all CPUs), MaxSeq, Counts, LinkCount.
//   - read.go: gzip, UnbatchedPages, Pages, PagesNoHTML, PageBySeq, PageLinks (with Rel).
//   - batch.go: SaveBatch (its records through records.go), ClusterRow, ResultClusters, SetClusters, Clusters, ClusterCandidates, DeleteClusters, SaveTopics (only changed pages rewritten, README.md), TopicWords.
//   - annotations.go: per-page annotations (crawl.Page.Annotations, JSON in pages.annotations), AnnotationNames.
//   - results.go: the named batch results other than the clusters (JSON by batch and name), BatchResults.
//   - frontier.go: frontier rows for the frontier package's SQLite backend.
//   - recrawl.go: HubPages, SetValidators, UpdatePage (re-visits).
//   - stmts.go: the writer's hot statements, prepared once when the store opens
//     (a best-first crawl commits about once a page).
//   - fingerprints.go: content fingerprints of stored pages (duplicate detection across runs).
//   - export.go: typed rows for the CSV/JSONL exports (pages, links, records, clusters, failures);
//     ExportClusterRecords and RecordColumns (field names per cluster) let records tables stream;
//     ExportRecordKeys reads the runs' names and keys with their counts (not the values), from
//     which package export names a cluster's columns, and ExportRecordsNamed gives the fields
//     those names (once per run and key, not per field).
//   - recordsread.go: RecordsReader, the records' reading (keys, named
//     rows by cluster and kind) through any connection to a store file, a
//     read-only one that never takes the store's lock included; the
//     Store's record exports read through it.
//   - records.go: a batch's records stored as runs (one page_records row per page,
//     cluster and kind: 405 rows instead of 17,847 for the Python docs), the migration of the
//     records table of schema 6 and before into runs. Since schema 10 a run keeps its
//     records' kind (crawl.Record.Kind, before keys and data), which ExportRecordKeys and the
//     record rows carry and ExportKindsRecordsNamed selects by: package export's tables.
//   - recordcodec.go: the runs' encoding (names once per run, varint lengths, no JSON; since
//     schema 8 the fields' column keys with their counts in the keys column, before data),
//     EncodeRecordRun and DecodeRecordRun for programs with SQL of their own (the
//     dashboard); a run that does not decode is ErrCorrupt (fuzzed, FuzzRecordRun).
//   - fieldsjson.go: the fields column of the records table before runs decoded without
//     reflection (encoding/json for anything but the shape the store wrote; checked
//     against it and fuzzed, FuzzFieldDecoder), for the migration to runs.
//   - saved.go: SavedAmong, which URLs are stored as pages or failures (a distributed crawl's restart).
package store
