package dashboard_test

import (
	"context"
	"database/sql"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/store"
)

// shape is the size of a generated store.
type shape struct {
	pages, queued, clusters, hosts, recordsPer, topics int
}

// genStore builds a crawl store of the given shape: the schema through
// store.Open, the rows in one raw transaction (the store's own writers
// would take minutes for 100,000 frontier rows). Page i (from 1) is on host
// i%hosts, in cluster 1+i%clusters, relevant when i%3 == 0, status 200
// except every 50th (404); it links to pages i+1 (a head link, rel next)
// and i+2 (a body link). Failures: one
// timeout per 100 pages. Every cluster has recordsPer records on its
// first page, with fields name and price.
func genStore(t testing.TB, sh shape) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "gen.db")
	ctx := context.Background()
	st, err := store.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}
	db, err := sql.Open("sqlite3", "file:"+path+"?_journal_mode=WAL")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	tx, err := db.Begin()
	if err != nil {
		t.Fatal(err)
	}
	exec := func(q string, args ...any) {
		if _, err := tx.Exec(q, args...); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	t0 := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	u := func(i int) string { return fmt.Sprintf("http://h%d.test/p/%d.html", i%sh.hosts, i) }
	for i := 1; i <= sh.pages; i++ {
		status := 200
		if i%50 == 0 {
			status = 404
		}
		cluster := 1 + i%sh.clusters
		topic := 0
		if sh.topics > 0 {
			topic = 1 + i%sh.topics
		}
		exec(`INSERT INTO pages(seq, url, status, fetched_at, depth, title, label, score, relevance, relevant, cluster, topic, batch)
			VALUES(?, ?, ?, ?, 1, ?, 'article', 0.5, 0.3, ?, ?, ?, 1)`,
			i, u(i), status, t0.Add(time.Duration(i)*10*time.Millisecond).Format(time.RFC3339Nano),
			fmt.Sprintf("Page %d", i), i%3 == 0, cluster, topic)
		exec(`INSERT INTO links(from_seq, pos, to_url, anchor, rel) VALUES(?, 0, ?, 'next', 'next'), (?, 1, ?, 'after', '')`, i, u(i+1), i, u(i+2))
		exec(`INSERT INTO frontier(url, host, priority, rank, state) VALUES(?, ?, 1, -1, 'done')`, u(i), fmt.Sprintf("h%d.test", i%sh.hosts))
		if topic > 0 {
			exec(`INSERT INTO topics(page_seq, topic) VALUES(?, ?)`, i, topic)
		}
		if i%100 == 0 {
			f := fmt.Sprintf("http://h%d.test/fail/%d", i%sh.hosts, i)
			exec(`INSERT INTO failures(url, kind, at) VALUES(?, 'timeout', ?)`, f, t0.Format(time.RFC3339Nano))
			exec(`INSERT INTO frontier(url, host, priority, rank, state) VALUES(?, ?, 1, -1, 'failed')`, f, fmt.Sprintf("h%d.test", i%sh.hosts))
		}
	}
	for i := 0; i < sh.queued; i++ {
		p := float64(i%1000) / 1000
		exec(`INSERT INTO frontier(url, host, priority, rank, anchor, tags) VALUES(?, ?, ?, ?, 'a link', '["seed"]')`,
			fmt.Sprintf("http://h%d.test/q/%d.html", i%sh.hosts, i), fmt.Sprintf("h%d.test", i%sh.hosts), p, -p)
	}
	for c := 1; c <= sh.clusters; c++ {
		exec(`INSERT INTO clusters(id, size, updated) VALUES(?, ?, ?)`, c, sh.pages/sh.clusters, t0.Format(time.RFC3339Nano))
		first := c - 1
		if first == 0 {
			first = sh.clusters
		}
		var recs []crawl.Record
		for r := 0; r < sh.recordsPer && first <= sh.pages; r++ {
			recs = append(recs, crawl.Record{Index: r, Cluster: int64(c), Fields: []crawl.Field{
				{Name: "name", Value: fmt.Sprintf("item %d", r)}, {Name: "price", Value: fmt.Sprint(r * 10)}}})
		}
		if len(recs) > 0 {
			names, data := store.EncodeRecordRun(recs)
			exec(`INSERT INTO page_records(page_seq, first, cluster, n, names, data) VALUES(?, 0, ?, ?, ?, ?)`, first, c, len(recs), names, data)
		}
	}
	exec(`UPDATE pages SET annotations = '{"lang":"en","words":"12"}' WHERE seq = 5`)
	exec(`INSERT INTO meta(key, value) VALUES('topic.terms', '["sport", "match"]')`)
	for tp := 1; tp <= sh.topics; tp++ {
		exec(`INSERT INTO topic_words(topic, words) VALUES(?, ?)`, tp, fmt.Sprintf(`["word%d", "other"]`, tp))
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
	return path
}
