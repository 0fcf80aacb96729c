package store

import (
	"context"
	"database/sql"
	"fmt"
)

// migrations are the schema steps in order: migrations[i] takes a database
// from user_version i to i+1. Never edit a released step; append a new one.
var migrations = []string{
	// 1: the crawl itself: pages, links, failures, frontier, batches, meta.
	`
CREATE TABLE meta (
	key   TEXT PRIMARY KEY,
	value TEXT NOT NULL
) WITHOUT ROWID;

CREATE TABLE pages (
	seq           INTEGER PRIMARY KEY,         -- fetch order, 1-based
	url           TEXT NOT NULL UNIQUE,        -- URL requested (normalised)
	final_url     TEXT NOT NULL DEFAULT '',
	redirects     TEXT NOT NULL DEFAULT '[]',  -- JSON array of intermediate URLs
	status        INTEGER NOT NULL,
	fetched_at    TEXT NOT NULL,               -- RFC 3339, UTC, nanoseconds
	depth         INTEGER NOT NULL,
	parent        TEXT NOT NULL DEFAULT '',
	anchor        TEXT NOT NULL DEFAULT '',
	content_type  TEXT NOT NULL DEFAULT '',
	charset       TEXT NOT NULL DEFAULT '',
	size          INTEGER NOT NULL DEFAULT 0,  -- body bytes as received
	content_hash  TEXT NOT NULL DEFAULT '',    -- hex SHA-256 of the decoded HTML
	title         TEXT NOT NULL DEFAULT '',
	keywords      TEXT NOT NULL DEFAULT '',
	description   TEXT NOT NULL DEFAULT '',
	html          BLOB,                        -- gzip of the UTF-8 HTML
	etag          TEXT NOT NULL DEFAULT '',
	last_modified TEXT NOT NULL DEFAULT '',
	label         TEXT NOT NULL DEFAULT '',
	score         REAL NOT NULL DEFAULT 0,
	relevance     REAL NOT NULL DEFAULT -1,
	relevant      INTEGER NOT NULL DEFAULT 0,
	cluster       INTEGER NOT NULL DEFAULT 0,
	topic         INTEGER NOT NULL DEFAULT 0,
	batch         INTEGER                      -- NULL until OnBatch hooks processed it
);
CREATE INDEX pages_unbatched ON pages(seq) WHERE batch IS NULL;
CREATE INDEX pages_label ON pages(label);
CREATE INDEX pages_content_hash ON pages(content_hash);

CREATE TABLE links (
	from_seq INTEGER NOT NULL REFERENCES pages(seq) ON DELETE CASCADE,
	pos      INTEGER NOT NULL,                 -- position among the page's out-links
	to_url   TEXT NOT NULL,
	anchor   TEXT NOT NULL DEFAULT '',
	PRIMARY KEY (from_seq, pos)
) WITHOUT ROWID;

CREATE TABLE failures (
	url     TEXT PRIMARY KEY,
	kind    TEXT NOT NULL,
	status  INTEGER NOT NULL DEFAULT 0,
	message TEXT NOT NULL DEFAULT '',
	at      TEXT NOT NULL,
	depth   INTEGER NOT NULL DEFAULT 0,
	parent  TEXT NOT NULL DEFAULT ''
) WITHOUT ROWID;
CREATE INDEX failures_kind ON failures(kind);

CREATE TABLE frontier (
	seq      INTEGER PRIMARY KEY,              -- insertion order: FIFO tie-break
	url      TEXT NOT NULL UNIQUE,
	host     TEXT NOT NULL,                    -- host:port
	priority REAL NOT NULL,
	rank     REAL NOT NULL,                    -- -priority, so one index serves best-first keyset paging
	depth    INTEGER NOT NULL DEFAULT 0,
	parent   TEXT NOT NULL DEFAULT '',
	anchor   TEXT NOT NULL DEFAULT '',
	label    TEXT NOT NULL DEFAULT '',
	score    REAL NOT NULL DEFAULT 0,
	tags     TEXT NOT NULL DEFAULT '[]',       -- JSON array
	state    TEXT NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'done', 'failed'))
);
CREATE INDEX frontier_queue ON frontier(rank, seq) WHERE state = 'queued';
CREATE INDEX frontier_host_queue ON frontier(host, rank, seq) WHERE state = 'queued';

CREATE TABLE batches (
	seq     INTEGER PRIMARY KEY,
	pages   INTEGER NOT NULL,
	done_at TEXT NOT NULL
);
`,
	// 2: what the mining hooks produce: clusters with their LSH fingerprints,
	// extracted records, fuzzy topics.
	`
CREATE TABLE clusters (
	id      INTEGER PRIMARY KEY,
	size    INTEGER NOT NULL,
	centre  BLOB,
	updated TEXT NOT NULL
);

CREATE TABLE cluster_fingerprints (
	cluster INTEGER NOT NULL REFERENCES clusters(id) ON DELETE CASCADE,
	pos     INTEGER NOT NULL CHECK (pos BETWEEN 0 AND 31),
	fp      INTEGER NOT NULL,
	PRIMARY KEY (cluster, pos)
) WITHOUT ROWID;
CREATE INDEX cluster_fingerprints_lsh ON cluster_fingerprints(pos, fp);

CREATE TABLE records (
	page_seq INTEGER NOT NULL REFERENCES pages(seq) ON DELETE CASCADE,
	idx      INTEGER NOT NULL,
	cluster  INTEGER NOT NULL DEFAULT 0,
	fields   TEXT NOT NULL,                    -- JSON array of {"name":…,"value":…}
	PRIMARY KEY (page_seq, idx)
) WITHOUT ROWID;
CREATE INDEX records_cluster ON records(cluster);

CREATE TABLE topics (
	page_seq INTEGER PRIMARY KEY REFERENCES pages(seq) ON DELETE CASCADE,
	topic    INTEGER NOT NULL
);
CREATE INDEX topics_topic ON topics(topic);

CREATE TABLE topic_words (
	topic INTEGER PRIMARY KEY,
	words TEXT NOT NULL                        -- JSON array, best first
);
`,
	// 3: how many requests each failure took (for the failures export).
	`
ALTER TABLE failures ADD COLUMN attempts INTEGER NOT NULL DEFAULT 0;
`,
	// 4: content fingerprints of stored pages, so duplicate detection
	// goes on across runs of one store.
	`
CREATE TABLE fingerprints (
	seq     INTEGER PRIMARY KEY,               -- insertion order: the earliest page wins
	url     TEXT NOT NULL UNIQUE,
	body    INTEGER NOT NULL,                  -- FNV-1a 64 of the decoded HTML
	simhash INTEGER                            -- 64-bit SimHash of title and text; NULL when too short
);
`,
	// 5: named results of the batch hooks (crawl.Result) other than the
	// clusters, which keep their own tables.
	`
CREATE TABLE batch_results (
	batch INTEGER NOT NULL,
	name  TEXT NOT NULL,
	value TEXT NOT NULL,                       -- JSON
	PRIMARY KEY (batch, name)
) WITHOUT ROWID;
`,
	// 6: named per-page results of any hook (crawl.Page.Annotations).
	`
ALTER TABLE pages ADD COLUMN annotations TEXT NOT NULL DEFAULT '';  -- JSON object name → text; '' when none
`,
	// 7: records stored as runs, one row per page and cluster rather than
	// per record (recordcodec.go); convertRecords moves the rows of the
	// records table into it, then the table is dropped.
	`
CREATE TABLE page_records (
	page_seq INTEGER NOT NULL REFERENCES pages(seq) ON DELETE CASCADE,
	first    INTEGER NOT NULL,                 -- index of the run's first record
	cluster  INTEGER NOT NULL DEFAULT 0,
	n        INTEGER NOT NULL,                 -- records in the run
	names    BLOB NOT NULL,                    -- the run's field names, each once
	data     BLOB NOT NULL,                    -- the records: index, fields as (name number, value)
	PRIMARY KEY (page_seq, first)
);
CREATE INDEX page_records_cluster ON page_records(cluster);
`,
	// 8: the column keys of a run's fields and their counts
	// (recordcodec.go), from which the exports name a cluster's columns;
	// NULL: the names are final. The column goes before data, so reading
	// the names and keys does not walk the values' overflow pages: the
	// table is made anew.
	`
CREATE TABLE page_records_keyed (
	page_seq INTEGER NOT NULL REFERENCES pages(seq) ON DELETE CASCADE,
	first    INTEGER NOT NULL,                 -- index of the run's first record
	cluster  INTEGER NOT NULL DEFAULT 0,
	n        INTEGER NOT NULL,                 -- records in the run
	names    BLOB NOT NULL,                    -- the run's field names, each once per key
	keys     BLOB,                             -- per name: its key, sparseness and counts; NULL: names final
	data     BLOB NOT NULL,                    -- the records: index, fields as (name number, value)
	PRIMARY KEY (page_seq, first)
);
INSERT INTO page_records_keyed(page_seq, first, cluster, n, names, data)
	SELECT page_seq, first, cluster, n, names, data FROM page_records;
DROP TABLE page_records;
ALTER TABLE page_records_keyed RENAME TO page_records;
CREATE INDEX page_records_cluster ON page_records(cluster);
`,
	// 9: a page's gzipped HTML in a table of its own. In the pages row it
	// was rewritten with every change of the row's size (the batch hooks'
	// fields, the final clustering pass, the fuzzy topics: SQLite rewrites
	// a row whole, overflow pages included) and walked past by every read
	// of the columns after it (README.md).
	`
CREATE TABLE page_html (
	seq  INTEGER PRIMARY KEY REFERENCES pages(seq) ON DELETE CASCADE,
	html BLOB                                  -- gzip of the UTF-8 HTML
);
INSERT INTO page_html(seq, html) SELECT seq, html FROM pages;
ALTER TABLE pages DROP COLUMN html;
`,
	// 10: the kind of a run's records (crawl.Record.Kind: the structure of
	// their list on the page), from which the exports give each kind of a
	// cluster's records a table of its own; '' in stores written before.
	// Before keys and data, like them read without the values: the table
	// is made anew.
	`
CREATE TABLE page_records_kind (
	page_seq INTEGER NOT NULL REFERENCES pages(seq) ON DELETE CASCADE,
	first    INTEGER NOT NULL,                 -- index of the run's first record
	cluster  INTEGER NOT NULL DEFAULT 0,
	kind     TEXT NOT NULL DEFAULT '',         -- the records' kind (crawl.Record.Kind)
	n        INTEGER NOT NULL,                 -- records in the run
	names    BLOB NOT NULL,                    -- the run's field names, each once per key
	keys     BLOB,                             -- per name: its key, sparseness and counts; NULL: names final
	data     BLOB NOT NULL,                    -- the records: index, fields as (name number, value)
	PRIMARY KEY (page_seq, first)
);
INSERT INTO page_records_kind(page_seq, first, cluster, n, names, keys, data)
	SELECT page_seq, first, cluster, n, names, keys, data FROM page_records;
DROP TABLE page_records;
ALTER TABLE page_records_kind RENAME TO page_records;
CREATE INDEX page_records_cluster ON page_records(cluster);
`,
	// 11: the signature of a fingerprinted page's title words
	// (dedup.TitleSig), which a near-duplicate must share; NULL for pages
	// fingerprinted before (their near-duplicates are found by text alone).
	`
ALTER TABLE fingerprints ADD COLUMN title INTEGER;
`,
	// 12: the rel of a link from a navigation <link> element of the page's
	// head (crawl.Link.Rel: "next", "appendix", …); '' for a link of the
	// body and in stores written before (whose links all read as body
	// links). Appended, so old rows keep their bytes.
	`
ALTER TABLE links ADD COLUMN rel TEXT NOT NULL DEFAULT '';
`,
}

// stepRecordRuns is the schema version that stores records as runs.
const stepRecordRuns = 7

// stepPageHTML is the schema version that keeps pages' HTML in page_html.
const stepPageHTML = 9

// stepRecordKinds is the schema version that keeps the records' kind.
const stepRecordKinds = 10

// stepLinkRel is the schema version that keeps a link's rel.
const stepLinkRel = 12

// SchemaVersion returns the schema version this program writes.
func SchemaVersion() int { return len(migrations) }

// migrate checks the schema version and applies the missing steps, each in
// its own transaction together with its user_version bump. It reads the
// version before writing anything, so a too-new database is left untouched.
func (s *Store) migrate(ctx context.Context) error {
	var v int
	if err := s.w.QueryRowContext(ctx, "PRAGMA user_version").Scan(&v); err != nil {
		return fmt.Errorf("read schema version: %w", err)
	}
	if v > len(migrations) {
		return fmt.Errorf("%w: database has version %d, this program knows up to %d", ErrTooNew, v, len(migrations))
	}
	var mode string
	if err := s.w.QueryRowContext(ctx, "PRAGMA journal_mode=WAL").Scan(&mode); err != nil {
		return fmt.Errorf("set WAL mode: %w", err)
	}
	for i := v; i < len(migrations); i++ {
		err := s.migrateStep(ctx, i)
		if err != nil {
			return fmt.Errorf("migrate to version %d: %w", i+1, err)
		}
	}
	return nil
}

func (s *Store) migrateStep(ctx context.Context, i int) error {
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback() //nolint:errcheck // no-op after Commit
	if _, err := tx.ExecContext(ctx, migrations[i]); err != nil {
		return err
	}
	if i+1 == stepRecordRuns {
		if err := convertRecords(ctx, tx); err != nil {
			return err
		}
	}
	// PRAGMA does not take bound parameters; i is ours, not input.
	if _, err := tx.ExecContext(ctx, fmt.Sprintf("PRAGMA user_version = %d", i+1)); err != nil {
		return err
	}
	return tx.Commit()
}

// SetMeta stores a key/value pair (for example the run config hash).
func (s *Store) SetMeta(ctx context.Context, key, value string) error {
	return s.write(ctx, "set meta", func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO meta(key, value) VALUES(?, ?)
			ON CONFLICT(key) DO UPDATE SET value = excluded.value`, key, value)
		return err
	})
}

// Meta returns the value stored under key and whether it exists.
func (s *Store) Meta(ctx context.Context, key string) (string, bool, error) {
	var v string
	err := s.r.QueryRowContext(ctx, "SELECT value FROM meta WHERE key = ?", key).Scan(&v)
	if err == sql.ErrNoRows {
		return "", false, nil
	}
	if err != nil {
		return "", false, fmt.Errorf("store: meta %q: %w", key, err)
	}
	return v, true, nil
}

// SetMetaBlob stores binary data under key (for example a serialised
// filter a backend can reload instead of rebuilding).
func (s *Store) SetMetaBlob(ctx context.Context, key string, value []byte) error {
	return s.write(ctx, "set meta", func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO meta(key, value) VALUES(?, ?)
			ON CONFLICT(key) DO UPDATE SET value = excluded.value`, key, value)
		return err
	})
}

// DeleteMeta removes key and its value, if any.
func (s *Store) DeleteMeta(ctx context.Context, key string) error {
	return s.write(ctx, "delete meta", func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `DELETE FROM meta WHERE key = ?`, key)
		return err
	})
}

// MetaBlob returns the binary data stored under key and whether it exists.
func (s *Store) MetaBlob(ctx context.Context, key string) ([]byte, bool, error) {
	var v []byte
	err := s.r.QueryRowContext(ctx, "SELECT value FROM meta WHERE key = ?", key).Scan(&v)
	if err == sql.ErrNoRows {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, fmt.Errorf("store: meta %q: %w", key, err)
	}
	return v, true, nil
}
