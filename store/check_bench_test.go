package store_test

import (
	"context"
	"database/sql"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/store"
)

var benchStore = flag.String("integrity-store", "", "a crawl store to measure the integrity check on (copied first); default: 600 generated pages")

// BenchmarkIntegrityCheck measures what Open's integrity check costs on a
// 600-page store: PRAGMA quick_check (what Open runs) against the full
// integrity_check, a whole Open+Close, and a count of the pages as the
// baseline of one cheap read.
//
//	go test ./store -run XXX -bench IntegrityCheck -benchtime 20x [-integrity-store PATH]
func BenchmarkIntegrityCheck(b *testing.B) {
	ctx := context.Background()
	path := filepath.Join(b.TempDir(), "check.db")
	if *benchStore != "" {
		copyFile(b, *benchStore, path)
	} else {
		st := open(b, path)
		var pages []*crawl.Page
		for i := range 600 {
			p := page(int64(i+1), fmt.Sprintf("http://bench.test/p%d", i), 30000)
			for j := range 80 {
				p.Links = append(p.Links, crawl.Link{URL: fmt.Sprintf("http://bench.test/l%d/%d", i, j), Anchor: "a link"})
			}
			pages = append(pages, p)
		}
		if err := st.SaveResults(ctx, pages, nil); err != nil {
			b.Fatal(err)
		}
		st.Close()
	}
	fi, _ := os.Stat(path)
	b.Logf("store %s: %.1f MB", path, float64(fi.Size())/1e6)
	db, err := sql.Open("sqlite3", "file:"+path+"?mode=ro")
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	db.SetMaxOpenConns(1)
	var n int
	if err := db.QueryRow("SELECT count(*) FROM pages").Scan(&n); err != nil || n < 500 {
		b.Fatalf("store has %d pages (%v); want about 600", n, err)
	}
	for _, q := range []string{"SELECT count(*) FROM pages", "PRAGMA quick_check", "PRAGMA integrity_check"} {
		b.Run(q, func(b *testing.B) {
			for b.Loop() {
				var res string
				if err := db.QueryRow(q).Scan(&res); err != nil || (res != "ok" && res != fmt.Sprint(n)) {
					b.Fatalf("%s = %q, %v", q, res, err)
				}
			}
			b.ReportAllocs()
		})
	}
	b.Run("Open+Close", func(b *testing.B) {
		for b.Loop() {
			st, err := store.Open(ctx, path)
			if err != nil {
				b.Fatal(err)
			}
			st.Close()
		}
		b.ReportAllocs()
	})
}

func copyFile(b *testing.B, from, to string) {
	in, err := os.Open(from)
	if err != nil {
		b.Fatal(err)
	}
	defer in.Close()
	out, err := os.Create(to)
	if err != nil {
		b.Fatal(err)
	}
	if _, err := io.Copy(out, in); err != nil {
		b.Fatal(err)
	}
	if err := out.Close(); err != nil {
		b.Fatal(err)
	}
}
