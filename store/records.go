package store

import (
	"cmp"
	"context"
	"database/sql"
	"fmt"
	"slices"

	"github.com/crawl-project/crawl"
)

// pageRecords is the records a batch brings for one page.
type pageRecords struct {
	seq  int64
	recs []crawl.Record
}

// groupRecords groups the records of b by page (found by URL or final URL
// among b's pages, else among the stored pages), pages in order of first
// appearance. Each page's records are sorted by index, and of records with
// the same index the last one is kept (as an upsert of each in turn would).
func groupRecords(ctx context.Context, tx *sql.Tx, b *crawl.Batch) ([]pageRecords, error) {
	seqOf := make(map[string]int64, 2*len(b.Pages))
	for _, p := range b.Pages {
		seqOf[p.URL] = p.Seq
		if p.FinalURL != "" {
			if _, ok := seqOf[p.FinalURL]; !ok {
				seqOf[p.FinalURL] = p.Seq
			}
		}
	}
	var out []pageRecords
	at := map[int64]int{}               // page seq → its place in out
	page := make([]int, len(b.Records)) // each record's place in out
	var count []int                     // records per page of out
	for i, r := range b.Records {
		seq, err := recordPage(ctx, tx, seqOf, r.PageURL)
		if err != nil {
			return nil, fmt.Errorf("record %d: %w", i, err)
		}
		k, ok := at[seq]
		if !ok {
			k = len(out)
			at[seq] = k
			out = append(out, pageRecords{seq: seq})
			count = append(count, 0)
		}
		page[i] = k
		count[k]++
	}
	// Each page's records in one array, in batch order: one allocation,
	// not a slice grown record by record for each page.
	all := make([]crawl.Record, len(b.Records))
	start := 0
	for k := range out {
		out[k].recs = all[start : start : start+count[k]]
		start += count[k]
	}
	for i, r := range b.Records {
		out[page[i]].recs = append(out[page[i]].recs, r)
	}
	for k := range out {
		recs := out[k].recs
		if !slices.IsSortedFunc(recs, byIndex) {
			slices.SortStableFunc(recs, byIndex)
		}
		w := 0
		for i := range recs {
			if w > 0 && recs[w-1].Index == recs[i].Index {
				w--
			}
			recs[w] = recs[i]
			w++
		}
		out[k].recs = recs[:w]
	}
	return out, nil
}

func byIndex(a, b crawl.Record) int { return cmp.Compare(a.Index, b.Index) }

// insertRecords replaces the stored records of each page b has records
// for (a re-fetch or a re-extraction may find fewer) by runs.
func insertRecords(ctx context.Context, tx *sql.Tx, b *crawl.Batch) error {
	if len(b.Records) == 0 {
		return nil
	}
	pages, err := groupRecords(ctx, tx, b)
	if err != nil {
		return err
	}
	del, err := tx.PrepareContext(ctx, "DELETE FROM page_records WHERE page_seq = ?")
	if err != nil {
		return err
	}
	defer del.Close()
	ins, err := tx.PrepareContext(ctx, `INSERT INTO page_records(page_seq, first, cluster, kind, n, names, data, keys) VALUES(?,?,?,?,?,?,?,?)`)
	if err != nil {
		return err
	}
	defer ins.Close()
	enc := newRunEncoder()
	for _, p := range pages {
		if _, err := del.ExecContext(ctx, p.seq); err != nil {
			return fmt.Errorf("records of page %d: %w", p.seq, err)
		}
		for run := range runs(p.recs) {
			names, data, keys := enc.encode(run)
			if _, err := ins.ExecContext(ctx, p.seq, run[0].Index, run[0].Cluster, run[0].Kind, len(run), names, data, keys); err != nil {
				return fmt.Errorf("insert records of %s: %w", run[0].PageURL, err)
			}
		}
	}
	return nil
}

// runs yields recs cut where the cluster or the kind changes.
func runs(recs []crawl.Record) func(func([]crawl.Record) bool) {
	return func(yield func([]crawl.Record) bool) {
		for i := 0; i < len(recs); {
			j := i + 1
			for j < len(recs) && recs[j].Cluster == recs[i].Cluster && recs[j].Kind == recs[i].Kind {
				j++
			}
			if !yield(recs[i:j]) {
				return
			}
			i = j
		}
	}
}

// recordPage returns the seq of the page a record belongs to: one of the
// batch, else a stored page with that URL or final URL.
func recordPage(ctx context.Context, tx *sql.Tx, seqOf map[string]int64, url string) (int64, error) {
	if seq, ok := seqOf[url]; ok {
		return seq, nil
	}
	var seq int64
	err := tx.QueryRowContext(ctx, "SELECT seq FROM pages WHERE url = ? OR final_url = ? ORDER BY seq LIMIT 1",
		url, url).Scan(&seq)
	if err == sql.ErrNoRows {
		return 0, fmt.Errorf("page %s: %w", url, ErrNotFound)
	}
	if err != nil {
		return 0, err
	}
	seqOf[url] = seq
	return seq, nil
}

// convertRecords moves the records of a store from before runs (table
// records, one row per record with its fields as JSON) into page_records
// and drops the old table; part of the migration to stepRecordRuns.
func convertRecords(ctx context.Context, tx *sql.Tx) error {
	rows, err := tx.QueryContext(ctx, "SELECT page_seq, idx, cluster, fields FROM records ORDER BY page_seq, idx")
	if err != nil {
		return fmt.Errorf("convert records: %w", err)
	}
	defer rows.Close()
	dec, enc := newFieldDecoder(), newRunEncoder()
	page := pageRecords{} // one page's records at a time
	flush := func() error {
		for run := range runs(page.recs) {
			names, data, _ := enc.encode(run) // the records table had no keys
			if _, err := tx.ExecContext(ctx, `INSERT INTO page_records(page_seq, first, cluster, n, names, data) VALUES(?,?,?,?,?,?)`,
				page.seq, run[0].Index, run[0].Cluster, len(run), names, data); err != nil {
				return fmt.Errorf("convert records of page %d: %w", page.seq, err)
			}
		}
		page.recs = page.recs[:0]
		return nil
	}
	for rows.Next() {
		var seq int64
		var r crawl.Record
		var fields sql.RawBytes
		if err := rows.Scan(&seq, &r.Index, &r.Cluster, &fields); err != nil {
			return fmt.Errorf("convert records: %w", err)
		}
		if r.Fields, err = dec.decode(fields); err != nil {
			return fmt.Errorf("convert records: page %d record %d: %w", seq, r.Index, err)
		}
		if seq != page.seq {
			if err := flush(); err != nil {
				return err
			}
			page.seq = seq
		}
		page.recs = append(page.recs, r)
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("convert records: %w", err)
	}
	if err := flush(); err != nil {
		return err
	}
	rows.Close()
	if _, err := tx.ExecContext(ctx, "DROP TABLE records"); err != nil {
		return fmt.Errorf("convert records: %w", err)
	}
	return nil
}
