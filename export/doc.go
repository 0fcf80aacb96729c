// Package export writes what a crawl stored as CSV (RFC 4180, UTF-8, the
// bytes of encoding/csv) or JSON Lines. Exports are always derived from the
// store.
//
// Files:
//   - prepared.go: WriteFile (atomic: a temporary file renamed over the
//     path when whole), PrepareFile (the temporary file written, put in
//     place later by Commit or removed by Discard: a crawl writes the
//     tables it has whole while its last batch's hooks still run).
//   - export.go: Write, the tables: pages, links
//     (from_seq, from_url, pos, to_url, anchor, rel: a head <link>'s rel,
//     "" for a body link; rel last, after the older columns), clusters,
//     harvest, topics.
//   - tables.go: which records make a table: a cluster's records of one
//     kind (crawl.Record.Kind, the structure of their list), the largest
//     kind's table records-cluster-<id>, further kinds of 20 records and
//     2% of the cluster each records-cluster-<id>-<kind>, the small kinds
//     records-cluster-<id>-rest; each table named on its own records.
//   - clustertables.go: ClusterTables, one cluster's tables planned and
//     streamed (Write, Rows) from a RecordSource, a Store or a
//     store.RecordsReader (the dashboard's read-only connection): the
//     files of the records export, byte for byte.
//   - records.go: records, as one file with a cluster column or one file
//     per table with that table's own columns. Rows are streamed from
//     the store as they are read (each table's file reads only its
//     records); the columns come first from the stored field
//     names and keys alone (store.ExportRecordKeys: a cluster's fields
//     with keys are named by extraction.TableColumns from the counts of
//     its whole set of records, so a table does not depend on the order
//     the pages were fetched in; others keep their names), in role order (title, link, date,
//     author, price, summary, text, image, their numbered repeats, other
//     names alphabetically, then extraction.Other), at most
//     MaxTableColumns (64) with the page, record and cluster columns:
//     names past the cap and repeated names go to the "other" column,
//     joined with " | " (in a buffer reused from row to row: a page with
//     thousands of sparse fields costs linear time); in CSV the columns go
//     from that buffer to the file without a string made; a field takes the
//     column of the name at its place in the row before when the name is
//     the same (no map lookup per field). Cost: README.md,
//     ../store/README.md.
//   - csv.go: the CSV writer, rows appended to a 64 KiB buffer byte for byte
//     as encoding/csv writes them (FuzzCSVRow compares); a long field is
//     searched for its special bytes with strings.IndexByte.
//   - cell.go: a CSV cell holds at most 32,767 bytes, what a spreadsheet
//     holds: a longer one (a record's Other joined from thousands of
//     values) is cut at a value boundary and ends with a note of the
//     characters left out (counted eight ASCII bytes at a time, runeCount);
//     JSON Lines and the store keep them.
//   - recordsonce.go: WriteRecords, the records file and the per-cluster
//     files in one pass over the stored records (what a crawl's exports
//     use): each record is read and decoded once, and at most 64
//     per-cluster files are open at once (tables past them get a pass
//     each).
//   - plot.go: HarvestSVG, the harvest-rate curves as an SVG chart; WriteHarvest,
//     the harvest CSV and chart from one pass over the pages.
//   - merge.go: WriteMerged, pages (annotation columns of all stores), links and failures of several stores
//     (a distributed crawl's shards) as one table, each URL once;
//     WriteMined, the same with the stores' merged mining (Mined).
//   - mined.go: Mined (each taken page's merged cluster and topic, computed
//     by pipeline.MineMerged), the merged records (columns by role name
//     over all stores; one table, or one file per merged cluster with
//     WriteMergedRecordsDir), clusters and topics tables.
package export
