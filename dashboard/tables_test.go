package dashboard_test

import (
	"context"
	"encoding/csv"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/dashboard"
	"github.com/crawl-project/crawl/export"
	"github.com/crawl-project/crawl/store"
)

// kindsStore writes a store whose one template cluster holds records of
// two kinds with keyed fields, as a documentation site's template holds
// API entries and a table of contents, and returns its path with the
// records export's files written from it in dir.
func kindsStore(t *testing.T) (path, dir string) {
	t.Helper()
	ctx := context.Background()
	path = filepath.Join(t.TempDir(), "kinds.db")
	st, err := store.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	at := time.Date(2026, 12, 7, 10, 0, 0, 0, time.UTC)
	var pages []*crawl.Page
	var recs []crawl.Record
	kinds := []struct {
		kind   string
		n      int
		fields []crawl.Field
	}{
		{"dl.function", 40, []crawl.Field{{Name: "title", Key: "dl/dt/text"}, {Name: "summary", Key: "dl/dd/text"}}},
		{"li.toctree-l1", 25, []crawl.Field{{Name: "title", Key: "li/a/text"}, {Name: "link", Key: "li/a@href"}}},
	}
	for _, k := range kinds {
		for i := 0; i < k.n; i++ {
			if i%10 == 0 {
				seq := int64(len(pages) + 1)
				u := fmt.Sprintf("http://docs.test/%d.html", seq)
				pages = append(pages, &crawl.Page{Seq: seq, URL: u, FinalURL: u, Status: 200, FetchedAt: at, Header: http.Header{}, Cluster: 1})
			}
			var fs []crawl.Field
			for _, f := range k.fields {
				f.Value = fmt.Sprintf("%s %d, \"quoted\"", f.Name, i)
				fs = append(fs, f)
			}
			recs = append(recs, crawl.Record{PageURL: pages[len(pages)-1].URL, Cluster: 1, Kind: k.kind, Index: i % 10, Fields: fs})
		}
	}
	if err := st.SaveResults(ctx, pages, nil); err != nil {
		t.Fatal(err)
	}
	if err := st.SaveBatch(ctx, store.SetClusters(&crawl.Batch{Seq: 1, Pages: pages, Records: recs}, []store.ClusterRow{{ID: 1, Size: len(pages)}})); err != nil {
		t.Fatal(err)
	}
	dir = t.TempDir()
	if _, err := export.WriteRecordsDir(ctx, st, "csv", dir); err != nil {
		t.Fatal(err)
	}
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}
	return path, dir
}

// TestRecordsTablesAreTheExports: the dashboard shows a cluster's records
// as the records export writes them, a table per kind: the tables are
// listed with their files' names and record counts, each table's page has
// its file's columns and rows, its CSV download is its file byte for byte
// under the file's name, and an unknown table is a 400 naming the
// cluster's tables.
func TestRecordsTablesAreTheExports(t *testing.T) {
	path, dir := kindsStore(t)
	ts := newServer(t, path, dashboard.Config{})
	_, b := get(t, ts.Client(), ts.URL+"/api/clusters/1/records")
	main := decode[dashboard.RecordsPage](t, b)
	if len(main.Tables) != 2 || main.Tables[0].Name != "" || main.Tables[0].Records != 40 || main.Tables[1].Records != 25 {
		t.Fatalf("tables %+v; want the main one of 40 records and one of 25", main.Tables)
	}
	for _, tb := range main.Tables {
		want, err := os.ReadFile(filepath.Join(dir, tb.File+".csv"))
		if err != nil {
			t.Fatalf("table %q: its file: %v", tb.Name, err)
		}
		_, b := get(t, ts.Client(), ts.URL+"/api/clusters/1/records?size=7&page=2&table="+tb.Name)
		pg := decode[dashboard.RecordsPage](t, b)
		rows, err := csv.NewReader(strings.NewReader(string(want))).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		if fmt.Sprint(pg.Columns) != fmt.Sprint(rows[0]) || pg.Total != tb.Records || fmt.Sprint(pg.Rows) != fmt.Sprint(rows[8:15]) {
			t.Errorf("table %q: columns %v, rows %v of %d; want the file's %v, %v of %d", tb.Name, pg.Columns, pg.Rows, pg.Total, rows[0], rows[8:15], tb.Records)
		}
		req, _ := http.NewRequest(http.MethodGet, ts.URL+pg.CSV, nil)
		resp, err := ts.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		got, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != string(want) {
			t.Errorf("table %q: the CSV download differs from %s.csv:\n%s\nwant\n%s", tb.Name, tb.File, got, want)
		}
		if cd := resp.Header.Get("Content-Disposition"); !strings.Contains(cd, tb.File+".csv") {
			t.Errorf("table %q: Content-Disposition %q, want the file's name %s.csv", tb.Name, cd, tb.File)
		}
	}
	for _, u := range []string{"/api/clusters/1/records?table=nope", "/api/clusters/1/records.csv?table=nope"} {
		code, b := get(t, ts.Client(), ts.URL+u)
		if code != 400 || !strings.Contains(string(b), main.Tables[1].Name) {
			t.Errorf("GET %s = %d %s; want 400 naming the tables", u, code, b)
		}
	}
	code, b := get(t, ts.Client(), ts.URL+"/api/clusters/9/records")
	if empty := decode[dashboard.RecordsPage](t, b); code != 200 || empty.Total != 0 || len(empty.Tables) != 0 {
		t.Errorf("a cluster without records: %d %s; want 200, no tables", code, b)
	}
}

// TestBrowserRecordsTables: in a real headless Chromium, the clusters
// view shows a cluster's records tables as tabs named by the export's
// files, the main one active; a click on another shows that table (its
// count in the pager) and links its own CSV.
func TestBrowserRecordsTables(t *testing.T) {
	exe := chromium(t)
	path, _ := kindsStore(t)
	ts := newServer(t, path, dashboard.Config{})
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), chromedp.ExecPath(exe), chromedp.Headless,
		chromedp.NoSandbox, chromedp.DisableGPU, chromedp.NoFirstRun, chromedp.NoDefaultBrowserCheck,
		chromedp.UserDataDir(filepath.Join(t.TempDir(), "profile")), chromedp.Flag("disable-background-networking", true))
	defer cancelAlloc()
	bctx, cancelBrowser := chromedp.NewContext(actx)
	defer cancelBrowser()
	bctx, cancel := context.WithTimeout(bctx, 2*time.Minute)
	defer cancel()
	err := chromedp.Do(bctx, chromedp.Navigate(ts.URL+"/#clusters/1"),
		chromedp.Poll[chromedp.Void](`document.querySelectorAll("#records-tables a").length === 2`, chromedp.WithPollingTimeout(30*time.Second)))
	if err != nil {
		t.Fatal(err)
	}
	tabs, err := chromedp.Run(bctx, chromedp.Evaluate[string](`[...document.querySelectorAll("#records-tables a")].map((a) => a.textContent + (a.classList.contains("active") ? "*" : "")).join("|")`))
	if want := "records-cluster-1 (40)*|records-cluster-1-li-toctree-l1 (25)"; err != nil || tabs != want {
		t.Fatalf("tabs %q (%v), want %q", tabs, err, want)
	}
	err = chromedp.Do(bctx, chromedp.Click(chromedp.CSS(`#records-tables a:nth-child(2)`)),
		chromedp.Poll[chromedp.Void](`document.getElementById("csv-link").href.endsWith("table=li-toctree-l1") &&
			document.querySelector("#records-table + .pager").textContent.includes("(25 in all)") &&
			[...document.querySelectorAll("#records-table th")].map((th) => th.textContent).join(",") === "page,record,title,link"`,
			chromedp.WithPollingTimeout(30*time.Second)))
	if err != nil {
		t.Errorf("the second tab: %v", err)
	}
}

// TestClusterPagesWithoutSamples: a cluster's page count does not depend
// on how many sample pages are asked for (with samples=0 it was 0).
func TestClusterPagesWithoutSamples(t *testing.T) {
	path := genStore(t, shape{pages: 50, clusters: 5, hosts: 2, recordsPer: 3})
	ts := newServer(t, path, dashboard.Config{})
	pages := map[string]string{}
	for _, n := range []string{"0", "1", "20"} {
		_, b := get(t, ts.Client(), ts.URL+"/api/clusters?samples="+n)
		l := decode[dashboard.List[dashboard.Cluster]](t, b)
		var counts []string
		for _, c := range l.Items {
			if n == "0" && len(c.Samples) != 0 {
				t.Errorf("samples=0: cluster %d has %d samples", c.ID, len(c.Samples))
			}
			if c.Pages == 0 {
				t.Errorf("samples=%s: cluster %d has no pages", n, c.ID)
			}
			counts = append(counts, fmt.Sprint(c.ID, ":", c.Pages))
		}
		pages[n] = fmt.Sprint(counts)
	}
	if pages["0"] != pages["20"] || pages["1"] != pages["20"] {
		t.Errorf("page counts by samples asked: %v; want the same", pages)
	}
}
