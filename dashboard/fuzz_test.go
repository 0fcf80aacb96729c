package dashboard_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/crawl-project/crawl/dashboard"
)

// FuzzAPIQuery sends arbitrary paths and query strings to the API: every
// answer is 200, 400, 404 or 405 with a JSON body (an error message when
// not 200), never a panic or a 500.
func FuzzAPIQuery(f *testing.F) {
	path := genStore(f, shape{pages: 40, queued: 20, clusters: 4, hosts: 3, recordsPer: 2, topics: 2})
	db, err := dashboard.OpenDB(f.Context(), path)
	if err != nil {
		f.Fatal(err)
	}
	defer db.Close()
	s, err := dashboard.New(dashboard.Config{}, db)
	if err != nil {
		f.Fatal(err)
	}
	h := s.Handler()
	for _, seed := range [][2]string{
		{"hosts", "sort=queued&order=asc&page=1&size=10"}, {"clusters", "page=2&size=1&samples=20"},
		{"clusters/1/records", "size=500"}, {"topics", "page=0"}, {"pages/3", ""}, {"page", "url=http%3A%2F%2Fh0.test%2Fp%2F3.html"},
		{"focus", "points=2&size=1"}, {"queue", "page=99999999999999999999"}, {"hosts", "size=-1&size=2"},
		{"pages", "%zz"}, {"overview", "token=x"}, {"clusters/9223372036854775807/records", ""},
		{"pages/1e3", ""}, {"hosts", "sort=host;order=desc"}, {"..%2F..%2Fetc", ""},
	} {
		f.Add(seed[0], seed[1])
	}
	f.Fuzz(func(t *testing.T, route, rawQuery string) {
		if strings.ContainsAny(route, "?#") {
			return // those end the path: they are the query's job
		}
		req := httptest.NewRequest(http.MethodGet, "http://127.0.0.1/", nil)
		// The raw parts as a server may receive them, unchecked.
		req.URL.Path, req.URL.RawQuery = "/api/"+route, rawQuery
		u, target := req.URL, req.URL.Path+"?"+rawQuery
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		switch rec.Code {
		case 200, 400, 404, 405:
		case 301, 307, 308: // the mux cleans paths such as /api/x/../y
			return
		default:
			t.Fatalf("GET %s: status %d: %s", target, rec.Code, rec.Body)
		}
		if strings.HasSuffix(u.Path, ".csv") && rec.Code == 200 {
			return
		}
		var v map[string]any
		if err := json.Unmarshal(rec.Body.Bytes(), &v); err != nil {
			t.Fatalf("GET %s: %d, body not JSON: %v: %.200s", target, rec.Code, err, rec.Body)
		}
		if msg, ok := v["error"].(string); rec.Code != 200 && (!ok || msg == "") {
			t.Fatalf("GET %s: %d without an error message: %s", target, rec.Code, rec.Body)
		}
	})
}

// FuzzHarvestCSV reads arbitrary bytes as a harvest.csv reference: an
// error or a curve whose points stay within [0, 1], never a panic.
func FuzzHarvestCSV(f *testing.F) {
	f.Add(harvestCSV(5))
	f.Add("pages,relevant\n1,true\n2,0\n")
	f.Add("relevant,pages\n\"true\",1\n")
	f.Add("pages,relevant\n1,true\n1,true\n")
	f.Fuzz(func(t *testing.T, in string) {
		ref, err := dashboard.ReadHarvestCSV(strings.NewReader(in), "f")
		if err != nil {
			return
		}
		for _, n := range []int{2, 7, 2000} {
			for _, p := range ref.Curve(n, 0) {
				if p.Harvest < 0 || p.Harvest > 1 || p.Pages < 1 || p.Pages > int64(ref.Pages()) {
					t.Fatalf("point %+v of %d pages", p, ref.Pages())
				}
			}
		}
	})
}
