// Package warc writes what a crawl fetches as WARC 1.1 files and reads WARC
// files back (ours and other tools', WARC/1.0 and 1.1), for replay.
//
// A Recorder is an http.RoundTripper that records each exchange (request
// and response as sent and received: content coding kept, transfer coding
// removed) through a Writer, which writes gzipped records, one per gzip
// member, to files rotated by size. A file being written carries the
// suffix ".open" and an flock; New repairs the files a crash left open,
// cutting a torn last record, so a directory never holds a corrupt file.
// Each file closed (or repaired) gets its CDXJ index beside it (.cdxj).
//
// An Archive indexes WARC files (ours, wget's, any WARC/1.0 or 1.1, whole
// or gzipped per record) by URL, and a Replayer is an http.RoundTripper
// answering from it, so a crawl can run over an archive without network.
//
// Files:
//   - writer.go: Writer, Config, Exchange: buffered records, files, rotation, Flush, Sync, Close
//   - encoder.go: encoding an exchange's records into gzip members; the
//     Writer's pool of encoders
//   - splice.go: gzip members built from stored blocks and a body's own
//     deflate, the body's deflate handed on as its own gzip (BodySink)
//   - records.go: building warcinfo, request, response and revisit records
//   - recorder.go: Recorder, the recording http.RoundTripper
//   - reader.go: Reader, Record, Error: reading records with errors naming file and offset
//   - repair.go: RepairDir, cutting torn tails of files left open
//   - cdx.go: CDXJ indexes (SURT keys), IndexFile
//   - archive.go: Archive, the URL index of a set of files (from their CDXJ when fresh); Lookup
//   - replay.go: Replayer, the http.RoundTripper answering from an Archive
//   - warctest/: test helpers checking files with gowarc and warcio.js
//   - lock_unix.go, lock_other.go: the flock held on an open file
package warc
