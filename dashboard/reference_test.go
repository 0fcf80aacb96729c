package dashboard_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/crawl-project/crawl/dashboard"
)

// harvestCSV is a harvest.csv export of n pages, every third relevant (as
// genStore's pages).
func harvestCSV(n int) string {
	var b strings.Builder
	b.WriteString("pages,seq,url,relevance,relevant,relevant_so_far,harvest_rate\n")
	rel := 0
	for i := 1; i <= n; i++ {
		r := i%3 == 0
		if r {
			rel++
		}
		fmt.Fprintf(&b, "%d,%d,http://x.test/%d,0.5,%v,%d,%g\n", i, i, i, r, rel, float64(rel)/float64(i))
	}
	return b.String()
}

func TestReadHarvestCSV(t *testing.T) {
	tests := []struct {
		name, in, err string
		pages         int
	}{
		{"export", harvestCSV(30), "", 30},
		{"two columns", "relevant,pages\nfalse,1\ntrue,2\n", "", 2},
		{"no header", "", "header", 0},
		{"no relevant column", "pages,harvest_rate\n1,0\n", "columns pages and relevant", 0},
		{"no rows", "pages,relevant\n", "no pages", 0},
		{"gap", "pages,relevant\n1,true\n3,false\n", `line 3: pages "3": want 2`, 0},
		{"bad flag", "pages,relevant\n1,maybe\n", `line 2: relevant "maybe"`, 0},
		{"short row", "pages,relevant\n1\n", "wrong number of fields", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ref, err := dashboard.ReadHarvestCSV(strings.NewReader(tt.in), "bfs")
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("error %v; want one containing %q", err, tt.err)
				}
				return
			}
			if err != nil || ref.Pages() != tt.pages {
				t.Fatalf("%v, %d pages; want %d", err, ref.Pages(), tt.pages)
			}
		})
	}
}

// TestReferenceCurve reads the same curve from a store and from its
// harvest.csv, and checks the points against the store's own harvest
// curve at the same steps.
func TestReferenceCurve(t *testing.T) {
	path := genStore(t, shape{pages: 300, clusters: 2, hosts: 2})
	csvPath := filepath.Join(t.TempDir(), "harvest.csv")
	if err := os.WriteFile(csvPath, []byte(harvestCSV(300)), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	fromStore, err := dashboard.LoadReference(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	fromCSV, err := dashboard.LoadReference(ctx, csvPath)
	if err != nil {
		t.Fatal(err)
	}
	db, err := dashboard.OpenDB(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	own, err := db.Harvest(ctx, 40)
	if err != nil {
		t.Fatal(err)
	}
	a, b := fromStore.Curve(40, 0), fromCSV.Curve(40, 0)
	if fmt.Sprint(a) != fmt.Sprint(own) || fmt.Sprint(b) != fmt.Sprint(own) {
		t.Errorf("reference curves\n%v\n%v\ndiffer from the store's\n%v", a, b, own)
	}
	if fromStore.Name != "BFS (gen.db)" || fromCSV.Name != "BFS (harvest.csv)" {
		t.Errorf("names %q, %q", fromStore.Name, fromCSV.Name)
	}
	clip := fromStore.Curve(10, 95)
	if len(clip) != 10 || clip[len(clip)-1].Pages != 95 || clip[len(clip)-1].Harvest != 31.0/95 {
		t.Errorf("curve up to 95 pages: %v", clip)
	}
	for _, bad := range []string{filepath.Join(t.TempDir(), "missing.db"), writeFile(t, "notes.txt", "hello\n")} {
		if _, err := dashboard.LoadReference(ctx, bad); err == nil {
			t.Errorf("LoadReference(%s) accepted it", bad)
		}
	}
}

func writeFile(t *testing.T, name, content string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestFocusBFS answers the reference beside the crawl's curve, up to the
// crawl's page count.
func TestFocusBFS(t *testing.T) {
	path := genStore(t, shape{pages: 120, clusters: 2, hosts: 2})
	ref, err := dashboard.ReadHarvestCSV(strings.NewReader(harvestCSV(500)), "BFS run")
	if err != nil {
		t.Fatal(err)
	}
	ts := newServer(t, path, dashboard.Config{}, dashboard.WithBFS(ref))
	code, body := get(t, ts.Client(), ts.URL+"/api/focus?points=12")
	f := decode[dashboard.Focus](t, body)
	if code != 200 || f.BFS == nil || f.BFS.Name != "BFS run" || f.BFS.Pages != 500 {
		t.Fatalf("focus %d: bfs %+v", code, f.BFS)
	}
	if fmt.Sprint(f.BFS.Harvest) != fmt.Sprint(f.Harvest) {
		t.Errorf("bfs curve %v; want the same points as the store's (same relevant pattern) %v", f.BFS.Harvest, f.Harvest)
	}
	ts = newServer(t, path, dashboard.Config{})
	_, body = get(t, ts.Client(), ts.URL+"/api/focus")
	if f := decode[dashboard.Focus](t, body); f.BFS != nil || !strings.Contains(string(body), `"bfs":null`) {
		t.Errorf("without a reference: bfs %+v", f.BFS)
	}
}
