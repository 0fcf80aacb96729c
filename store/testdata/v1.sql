-- Schema version 1 as released (frozen copy of migrations[0] in schema.go),
-- plus a few rows, to test migrating an old database.
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE pages (
	seq INTEGER PRIMARY KEY, url TEXT NOT NULL UNIQUE, final_url TEXT NOT NULL DEFAULT '',
	redirects TEXT NOT NULL DEFAULT '[]', status INTEGER NOT NULL, fetched_at TEXT NOT NULL,
	depth INTEGER NOT NULL, parent TEXT NOT NULL DEFAULT '', anchor TEXT NOT NULL DEFAULT '',
	content_type TEXT NOT NULL DEFAULT '', charset TEXT NOT NULL DEFAULT '', size INTEGER NOT NULL DEFAULT 0,
	content_hash TEXT NOT NULL DEFAULT '', title TEXT NOT NULL DEFAULT '', keywords TEXT NOT NULL DEFAULT '',
	description TEXT NOT NULL DEFAULT '', html BLOB, etag TEXT NOT NULL DEFAULT '',
	last_modified TEXT NOT NULL DEFAULT '', label TEXT NOT NULL DEFAULT '', score REAL NOT NULL DEFAULT 0,
	relevance REAL NOT NULL DEFAULT -1, relevant INTEGER NOT NULL DEFAULT 0, cluster INTEGER NOT NULL DEFAULT 0,
	topic INTEGER NOT NULL DEFAULT 0, batch INTEGER
);
CREATE INDEX pages_unbatched ON pages(seq) WHERE batch IS NULL;
CREATE INDEX pages_label ON pages(label);
CREATE INDEX pages_content_hash ON pages(content_hash);
CREATE TABLE links (
	from_seq INTEGER NOT NULL REFERENCES pages(seq) ON DELETE CASCADE, pos INTEGER NOT NULL,
	to_url TEXT NOT NULL, anchor TEXT NOT NULL DEFAULT '', PRIMARY KEY (from_seq, pos)
) WITHOUT ROWID;
CREATE TABLE failures (
	url TEXT PRIMARY KEY, kind TEXT NOT NULL, status INTEGER NOT NULL DEFAULT 0, message TEXT NOT NULL DEFAULT '',
	at TEXT NOT NULL, depth INTEGER NOT NULL DEFAULT 0, parent TEXT NOT NULL DEFAULT ''
) WITHOUT ROWID;
CREATE INDEX failures_kind ON failures(kind);
CREATE TABLE frontier (
	seq INTEGER PRIMARY KEY, url TEXT NOT NULL UNIQUE, host TEXT NOT NULL, priority REAL NOT NULL,
	rank REAL NOT NULL, depth INTEGER NOT NULL DEFAULT 0, parent TEXT NOT NULL DEFAULT '',
	anchor TEXT NOT NULL DEFAULT '', label TEXT NOT NULL DEFAULT '', score REAL NOT NULL DEFAULT 0,
	tags TEXT NOT NULL DEFAULT '[]',
	state TEXT NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'done', 'failed'))
);
CREATE INDEX frontier_queue ON frontier(rank, seq) WHERE state = 'queued';
CREATE INDEX frontier_host_queue ON frontier(host, rank, seq) WHERE state = 'queued';
CREATE TABLE batches (seq INTEGER PRIMARY KEY, pages INTEGER NOT NULL, done_at TEXT NOT NULL);

INSERT INTO pages(seq, url, status, fetched_at, depth, title) VALUES (1, 'http://a.test/', 200, '2026-11-22T00:00:00Z', 0, 'A');
INSERT INTO frontier(url, host, priority, rank, state) VALUES ('http://a.test/', 'a.test', 1e9, -1e9, 'done');
INSERT INTO frontier(url, host, priority, rank) VALUES ('http://a.test/b', 'a.test', 0, 0);
PRAGMA user_version = 1;
