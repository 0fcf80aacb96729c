package dashboard

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/crawl-project/crawl/crawler"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// routes builds the mux: views, API, metrics.
func (s *Server) routes() *http.ServeMux {
	m := http.NewServeMux()
	api := func(pattern string, h func(r *http.Request, q *query) (any, error)) {
		m.HandleFunc(pattern, func(w http.ResponseWriter, r *http.Request) { s.serveAPI(w, r, h) })
	}
	api("GET /api/overview", s.overview)
	api("GET /api/hosts", s.hosts)
	api("GET /api/clusters", s.clusters)
	api("GET /api/clusters/{id}/records", s.records)
	api("GET /api/topics", s.topics)
	api("GET /api/pages", s.pages)
	api("GET /api/pages/{seq}", s.page)
	api("GET /api/page", s.pageByURL)
	api("GET /api/focus", s.focus)
	api("GET /api/queue", s.queue)
	m.HandleFunc("GET /api/clusters/{id}/records.csv", s.recordsCSV)
	m.HandleFunc("POST /api/control/{action}", s.control)
	m.HandleFunc("/api/control/{action}", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Allow", http.MethodPost)
		writeError(w, http.StatusMethodNotAllowed, r.PathValue("action")+" is a POST")
	})
	m.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		writeError(w, http.StatusNotFound, "no such API route: "+r.URL.Path)
	})
	m.Handle("GET /metrics", promhttp.HandlerFor(s.metrics.reg, promhttp.HandlerOpts{ErrorHandling: promhttp.HTTPErrorOnError}))
	s.views(m)
	return m
}

// requestTimeout bounds every API query.
const requestTimeout = 10 * time.Second

func (s *Server) serveAPI(w http.ResponseWriter, r *http.Request, h func(*http.Request, *query) (any, error)) {
	q, err := parseQuery(r.URL.RawQuery)
	if err == nil {
		var v any
		if v, err = h(r, q); err == nil {
			if err = q.done(); err == nil {
				writeJSON(w, http.StatusOK, v)
				return
			}
		}
	}
	var pe *ParamError
	switch {
	case errors.As(err, &pe):
		writeError(w, http.StatusBadRequest, pe.Error())
	case errors.Is(err, errNotFound):
		writeError(w, http.StatusNotFound, err.Error())
	default:
		writeError(w, http.StatusInternalServerError, err.Error())
	}
}

func writeJSON(w http.ResponseWriter, code int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(code)
	enc := json.NewEncoder(w)
	_ = enc.Encode(v) // the client went away: nothing to do
}

func writeError(w http.ResponseWriter, code int, msg string) {
	writeJSON(w, code, map[string]string{"error": msg})
}

// List is a paginated answer.
type List[T any] struct {
	Page  int   `json:"page"`
	Size  int   `json:"size"`
	Total int64 `json:"total"`
	Items []T   `json:"items"`
}

func ctxOf(r *http.Request) (context.Context, context.CancelFunc) {
	return context.WithTimeout(r.Context(), requestTimeout)
}

// Overview is the overview's answer: the store's totals and, for a live
// crawl, the engine's statistics of this run.
type Overview struct {
	Live bool `json:"live"`
	// Control lists the control actions (pause, resume, stop) a
	// token-carrying POST to /api/control/ACTION may take.
	Control []string    `json:"control"`
	Store   Counts      `json:"store"`
	Run     *RunStats   `json:"run,omitempty"`
	Rates   []RatePoint `json:"rates"`
	Served  string      `json:"served"`
}

// RunStats are a running crawl's statistics.
type RunStats struct {
	ElapsedSeconds float64          `json:"elapsed_seconds"`
	Fetched        int64            `json:"fetched"`
	Stored         int64            `json:"stored"`
	Failed         int64            `json:"failed"`
	Relevant       int64            `json:"relevant"`
	Harvest        float64          `json:"harvest"`
	PagesPerSecond float64          `json:"pages_per_second"`
	Queued         int              `json:"queued"`
	InFlight       int64            `json:"in_flight"`
	Errors         map[string]int64 `json:"errors"`
	Batches        int64            `json:"batches"`
	Records        int64            `json:"records"`
	Paused         bool             `json:"paused"`
	// State is running, paused, stopping (no link taken any more, fetches
	// in flight finishing) or ended (the engine's run is over, though the
	// program may still be exporting).
	State string `json:"state"`
	// Reason is why the crawl stops or stopped (crawler.Summary.Reason:
	// frontier-empty, max-pages, hook-stop, interrupted, error); "" while
	// it runs.
	Reason string `json:"reason,omitempty"`
}

// runState is the State of a crawl with statistics st.
func runState(st crawler.Stats) string {
	switch {
	case st.Ended:
		return "ended"
	case st.Stopping != "":
		return "stopping"
	case st.Paused:
		return "paused"
	}
	return "running"
}

func (s *Server) overview(r *http.Request, q *query) (any, error) {
	ctx, cancel := ctxOf(r)
	defer cancel()
	c, err := s.db.Counts(ctx)
	if err != nil {
		return nil, err
	}
	o := Overview{Store: c, Served: time.Now().UTC().Format(time.RFC3339Nano), Control: s.controlsOf()}
	if s.stats != nil {
		st := s.stats()
		o.Live = true
		o.Run = &RunStats{ElapsedSeconds: st.Elapsed.Seconds(), Fetched: st.Fetched, Stored: st.Stored,
			Failed: st.Failed, Relevant: st.Relevant, Harvest: st.Harvest(), PagesPerSecond: st.PagesPerSecond(),
			Queued: st.Queued, InFlight: st.InFlight, Errors: st.Errors, Batches: st.Batches, Records: st.Records,
			Paused: st.Paused, State: runState(st), Reason: st.Stopping}
		if o.Run.Errors == nil {
			o.Run.Errors = map[string]int64{}
		}
		o.Rates = s.rates.points()
	} else if o.Rates, err = s.db.Rates(ctx, 200); err != nil {
		return nil, err
	}
	return o, nil
}

var hostSorts = []string{"host", "queued", "fetched", "failed", "in_flight", "delay"}

func (s *Server) hosts(r *http.Request, q *query) (any, error) {
	pg, err := q.paging()
	if err != nil {
		return nil, err
	}
	key, err := q.choice("sort", "queued", hostSorts...)
	if err != nil {
		return nil, err
	}
	order, err := q.choice("order", "desc", "asc", "desc")
	if err != nil {
		return nil, err
	}
	ctx, cancel := ctxOf(r)
	defer cancel()
	hs, err := s.hostRows.get(ctx, s.db.Hosts)
	if err != nil {
		return nil, err
	}
	if s.live != nil {
		hs = mergeLive(hs, s.live(), "live", "")
	} else {
		snap, err := s.db.EndHosts(ctx)
		if err != nil {
			return nil, err
		}
		if snap != nil {
			hs = mergeLive(hs, snap.Hosts, "end-of-crawl", snap.At.UTC().Format(time.RFC3339))
		}
	}
	sortHosts(hs, key, order == "desc")
	return pageOf(hs, pg), nil
}

func sortHosts(hs []Host, key string, desc bool) {
	val := func(h Host) int64 {
		switch key {
		case "fetched":
			return h.Fetched
		case "failed":
			return h.Failed
		case "in_flight":
			return int64(h.InFlight)
		case "delay":
			return int64(max(h.DelayMS, h.CrawlDelayMS) * 1000)
		}
		return h.Queued
	}
	slices.SortStableFunc(hs, func(a, b Host) int {
		c := strings.Compare(a.Host, b.Host)
		if key != "host" {
			if d := val(a) - val(b); d != 0 {
				c = int(min(max(d, -1), 1))
			}
		}
		if desc {
			c = -c
		}
		return c
	})
}

// mergeLive adds the engine's per-host state (live, or left in the
// store at the end of the crawl) to the store's hosts.
func mergeLive(hs []Host, live []crawler.HostStats, state, stateAt string) []Host {
	at := make(map[string]int, len(hs))
	for i, h := range hs {
		at[h.Host] = i
	}
	for _, l := range live {
		i, ok := at[l.Host]
		if !ok {
			i = len(hs)
			hs = append(hs, Host{Host: l.Host})
		}
		h := &hs[i]
		h.InFlight, h.Robots = l.InFlight, l.Robots
		h.DelayMS, h.CrawlDelayMS = float64(l.Delay)/1e6, float64(l.CrawlDelay)/1e6
		h.State, h.StateAt = state, stateAt
	}
	return hs
}

func pageOf[T any](all []T, pg Paging) List[T] {
	lo := min(int(pg.Offset()), len(all))
	hi := min(lo+pg.Size, len(all))
	items := all[lo:hi]
	if items == nil {
		items = []T{}
	}
	return List[T]{Page: pg.Page, Size: pg.Size, Total: int64(len(all)), Items: items}
}

func (s *Server) clusters(r *http.Request, q *query) (any, error) {
	pg, err := q.paging()
	if err != nil {
		return nil, err
	}
	samples, err := q.int("samples", 3, 0, 20)
	if err != nil {
		return nil, err
	}
	ctx, cancel := ctxOf(r)
	defer cancel()
	cs, total, err := s.db.Clusters(ctx, pg, int(samples))
	if err != nil {
		return nil, err
	}
	return List[Cluster]{Page: pg.Page, Size: pg.Size, Total: total, Items: cs}, nil
}

// pathID reads a positive integer path segment.
func pathID(r *http.Request, name string) (int64, error) {
	v := r.PathValue(name)
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil || n < 0 {
		return 0, &ParamError{Name: name, Value: v, Want: "a non-negative integer"}
	}
	return n, nil
}

// RecordsPage is a page of a cluster's records table.
type RecordsPage struct {
	Page int `json:"page"`
	Size int `json:"size"`
	Records
	CSV string `json:"csv"` // where to download all of them
}

func (s *Server) records(r *http.Request, q *query) (any, error) {
	id, err := pathID(r, "id")
	if err != nil {
		return nil, err
	}
	pg, err := q.paging()
	if err != nil {
		return nil, err
	}
	table, _, err := q.one("table")
	if err != nil {
		return nil, err
	}
	ctx, cancel := ctxOf(r)
	defer cancel()
	recs, err := s.db.Records(ctx, id, table, &pg)
	if err != nil {
		return nil, err
	}
	csvURL := fmt.Sprintf("/api/clusters/%d/records.csv", id)
	if table != "" {
		csvURL += "?table=" + url.QueryEscape(table)
	}
	return RecordsPage{Page: pg.Page, Size: pg.Size, Records: recs, CSV: csvURL}, nil
}

// recordsCSV downloads one of a cluster's records tables (?table=, the
// main one without), streamed: the bytes of its file in the records
// export, under that file's name.
func (s *Server) recordsCSV(w http.ResponseWriter, r *http.Request) {
	id, err := pathID(r, "id")
	var table string
	if err == nil {
		var q *query
		if q, err = parseQuery(r.URL.RawQuery); err == nil {
			if table, _, err = q.one("table"); err == nil {
				err = q.done()
			}
		}
	}
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	ctx, cancel := ctxOf(r)
	defer cancel()
	started := false
	err = s.db.WriteRecordsCSV(ctx, id, table, func(file string) {
		started = true
		w.Header().Set("Content-Type", "text/csv; charset=utf-8")
		w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="%s"`, file))
	}, w)
	var pe *ParamError
	switch {
	case err == nil || started: // once rows went out, the client sees a cut file; nothing else to do
	case errors.As(err, &pe):
		writeError(w, http.StatusBadRequest, err.Error())
	default:
		writeError(w, http.StatusInternalServerError, err.Error())
	}
}

func (s *Server) topics(r *http.Request, q *query) (any, error) {
	pg, err := q.paging()
	if err != nil {
		return nil, err
	}
	ctx, cancel := ctxOf(r)
	defer cancel()
	ts, total, err := s.db.Topics(ctx, pg)
	if err != nil {
		return nil, err
	}
	return List[Topic]{Page: pg.Page, Size: pg.Size, Total: total, Items: ts}, nil
}

func (s *Server) pages(r *http.Request, q *query) (any, error) {
	pg, err := q.paging()
	if err != nil {
		return nil, err
	}
	ctx, cancel := ctxOf(r)
	defer cancel()
	ps, total, err := s.db.Pages(ctx, pg)
	if err != nil {
		return nil, err
	}
	return List[PageRow]{Page: pg.Page, Size: pg.Size, Total: total, Items: ps}, nil
}

func (s *Server) page(r *http.Request, q *query) (any, error) {
	seq, err := pathID(r, "seq")
	if err != nil {
		return nil, err
	}
	if seq == 0 {
		return nil, &ParamError{Name: "seq", Value: "0", Want: "a page number from 1"}
	}
	ctx, cancel := ctxOf(r)
	defer cancel()
	return s.db.Page(ctx, seq, "")
}

func (s *Server) pageByURL(r *http.Request, q *query) (any, error) {
	u, ok, err := q.one("url")
	if err != nil {
		return nil, err
	}
	if !ok || u == "" {
		return nil, &ParamError{Name: "url", Value: u, Want: "a stored page's URL"}
	}
	ctx, cancel := ctxOf(r)
	defer cancel()
	return s.db.Page(ctx, 0, u)
}

// Focus is the focus view's answer.
type Focus struct {
	Terms   []string       `json:"topic_terms"` // the topic's feature terms, most important first
	Harvest []HarvestPoint `json:"harvest"`
	// BFS is the reference crawl's curve (WithBFS, -serve-bfs) over as
	// many pages as this crawl has, the comparison at equal pages; null
	// when there is none.
	BFS   *ReferenceCurve `json:"bfs"`
	Queue List[Queued]    `json:"queue"`
}

// ReferenceCurve is a reference crawl's harvest curve.
type ReferenceCurve struct {
	Name    string         `json:"name"`
	Pages   int            `json:"pages"` // pages of the reference crawl
	Harvest []HarvestPoint `json:"harvest"`
}

func (s *Server) focus(r *http.Request, q *query) (any, error) {
	points, err := q.int("points", 200, 2, 2000)
	if err != nil {
		return nil, err
	}
	size, err := q.int("size", 20, 1, MaxSize)
	if err != nil {
		return nil, err
	}
	ctx, cancel := ctxOf(r)
	defer cancel()
	h, err := s.db.Harvest(ctx, int(points))
	if err != nil {
		return nil, err
	}
	pg := Paging{Page: 1, Size: int(size)}
	qs, total, err := s.db.Queue(ctx, pg)
	if err != nil {
		return nil, err
	}
	terms, err := s.db.TopicTerms(ctx)
	if err != nil {
		return nil, err
	}
	f := Focus{Terms: terms, Harvest: h, Queue: List[Queued]{Page: 1, Size: pg.Size, Total: total, Items: qs}}
	if s.bfs != nil { // compared at equal pages: up to this crawl's count
		var upTo int64
		if len(h) > 0 {
			upTo = h[len(h)-1].Pages
		}
		f.BFS = &ReferenceCurve{Name: s.bfs.Name, Pages: s.bfs.Pages(), Harvest: s.bfs.Curve(int(points), upTo)}
	}
	return f, nil
}

func (s *Server) queue(r *http.Request, q *query) (any, error) {
	pg, err := q.paging()
	if err != nil {
		return nil, err
	}
	ctx, cancel := ctxOf(r)
	defer cancel()
	qs, total, err := s.db.Queue(ctx, pg)
	if err != nil {
		return nil, err
	}
	return List[Queued]{Page: pg.Page, Size: pg.Size, Total: total, Items: qs}, nil
}
