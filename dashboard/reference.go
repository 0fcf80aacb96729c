package dashboard

import (
	"bufio"
	"bytes"
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
)

// Reference is the harvest curve of another crawl drawn beside this one's,
// usually a breadth-first crawl of the same seeds and topic
// (topic.strategy: bfs): the baseline a focused crawl should beat.
type Reference struct {
	Name string  // shown in the chart's legend
	rel  []int64 // rel[i]: relevant pages among the first i+1
}

// LoadReference reads a reference curve from path: a crawl store (its
// pages in fetch order and their relevant flags) or the harvest.csv export
// of one (columns pages and relevant, a row per page in fetch order).
func LoadReference(ctx context.Context, path string) (*Reference, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("dashboard: reference: %w", err)
	}
	head := make([]byte, 16)
	n, _ := io.ReadFull(f, head)
	f.Close()
	name := "BFS (" + filepath.Base(path) + ")"
	if !bytes.Equal(head[:n], []byte("SQLite format 3\x00")) {
		return csvReference(path, name)
	}
	rel, err := storeReference(ctx, path)
	if err != nil {
		return nil, err
	}
	if len(rel) == 0 {
		return nil, fmt.Errorf("dashboard: reference %s: no pages", path)
	}
	return &Reference{Name: name, rel: rel}, nil
}

// Pages is the number of pages of the reference crawl.
func (ref *Reference) Pages() int { return len(ref.rel) }

func storeReference(ctx context.Context, path string) ([]int64, error) {
	db, err := OpenDB(ctx, path)
	if err != nil {
		return nil, fmt.Errorf("dashboard: reference: %w", err)
	}
	defer db.Close()
	rows, err := db.db.QueryContext(ctx, `SELECT relevant FROM pages ORDER BY seq`)
	if err != nil {
		return nil, fmt.Errorf("dashboard: reference %s: %w", path, err)
	}
	defer rows.Close()
	var out []int64
	var sum int64
	for rows.Next() {
		var r bool
		if err := rows.Scan(&r); err != nil {
			return nil, fmt.Errorf("dashboard: reference %s: %w", path, err)
		}
		if r {
			sum++
		}
		out = append(out, sum)
	}
	return out, rows.Err()
}

func csvReference(path, name string) (*Reference, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("dashboard: reference: %w", err)
	}
	defer f.Close()
	ref, err := ReadHarvestCSV(bufio.NewReader(f), name)
	if err != nil {
		return nil, fmt.Errorf("dashboard: reference %s: %w", path, err)
	}
	return ref, nil
}

// ReadHarvestCSV reads a harvest.csv export as a reference named name: a
// header naming at least the columns pages and relevant, then one row per
// page in fetch order (pages 1, 2, 3, …; relevant true or false), at least
// one.
func ReadHarvestCSV(r io.Reader, name string) (*Reference, error) {
	cr := csv.NewReader(r)
	cr.ReuseRecord = true
	head, err := cr.Read()
	if err != nil {
		return nil, fmt.Errorf("harvest csv header: %w", err)
	}
	pagesCol, relCol := slices.Index(head, "pages"), slices.Index(head, "relevant")
	if pagesCol < 0 || relCol < 0 {
		return nil, errors.New("harvest csv header: want the columns pages and relevant (a harvest.csv export or a crawl store)")
	}
	var out []int64
	var sum int64
	for {
		rec, err := cr.Read()
		if errors.Is(err, io.EOF) {
			if len(out) == 0 {
				return nil, errors.New("harvest csv: no pages")
			}
			return &Reference{Name: name, rel: out}, nil
		}
		if err != nil {
			return nil, fmt.Errorf("harvest csv: %w", err)
		}
		line, _ := cr.FieldPos(0)
		n, err := strconv.ParseInt(rec[pagesCol], 10, 64)
		if err != nil || n != int64(len(out))+1 {
			return nil, fmt.Errorf("harvest csv line %d: pages %q: want %d (one row per page, in order)", line, rec[pagesCol], len(out)+1)
		}
		r, err := strconv.ParseBool(rec[relCol])
		if err != nil {
			return nil, fmt.Errorf("harvest csv line %d: relevant %q: want true or false", line, rec[relCol])
		}
		if r {
			sum++
		}
		out = append(out, sum)
	}
}

// Curve is the reference's harvest curve over its first upTo pages (all
// when upTo is 0 or more than it has), as DB.Harvest draws a crawl's: at
// most points points, evenly spaced.
func (ref *Reference) Curve(points int, upTo int64) []HarvestPoint {
	points = max(points, 1)
	total := int64(len(ref.rel))
	if upTo > 0 {
		total = min(total, upTo)
	}
	step := (total + int64(points) - 1) / int64(points)
	out := make([]HarvestPoint, 0, points)
	var prevPages, prevRel int64
	for end := step; ; end += step {
		end = min(end, total)
		r := ref.rel[end-1]
		out = append(out, HarvestPoint{Pages: end, Harvest: float64(r) / float64(end),
			Window: float64(r-prevRel) / float64(end-prevPages)})
		prevPages, prevRel = end, r
		if end == total {
			return out
		}
	}
}
