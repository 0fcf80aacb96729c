package dashboard

import (
	"context"
	"crypto/subtle"
	"errors"
	"fmt"
	"net"
	"net/http"
	"strings"
	"time"

	"github.com/crawl-project/crawl/crawler"
)

// DefaultAddr is where the dashboard listens unless told otherwise.
const DefaultAddr = "127.0.0.1:8080"

// Config is the dashboard's setting.
type Config struct {
	// Addr is the listen address; default DefaultAddr. Any address that is
	// not loopback requires Token.
	Addr string
	// Token, when set, must come with every request: header
	// "Authorization: Bearer TOKEN", query parameter token=TOKEN (which also
	// sets a cookie for the views), or that cookie. Control requests (pause,
	// resume, stop) need it in the header or the query, never from the
	// cookie alone.
	Token string
}

// Server serves the views, the JSON API and the metrics of one store,
// and of its running crawl when it has one.
type Server struct {
	cfg     Config
	db      *DB
	stats   func() crawler.Stats // nil: the store only
	live    func() []crawler.HostStats
	stop    func() // nil: no control
	pause   func() // nil: with resume, no pause
	resume  func()
	metrics *Metrics
	bfs     *Reference                                  // nil: no reference curve
	shared  func(context.Context) (SharedTotals, error) // nil: not distributed
	rates   *rateRing
	// hostRows are the frontier's per-host counts, reused while fresh: the
	// hosts view polls, and each sort or page click asks again.
	hostRows cached[Host]
	mux      *http.ServeMux
}

// Option adds a collaborator to New.
type Option func(*Server)

// WithCrawl makes the server watch a running crawl through its statistics
// (crawler.Crawler.Stats).
func WithCrawl(stats func() crawler.Stats) Option { return func(s *Server) { s.stats = stats } }

// WithHosts adds a running crawl's per-host politeness state (in flight,
// delay, robots.txt, Crawl-delay) to the hosts answers
// (crawler.Crawler.Hosts).
func WithHosts(hosts func() []crawler.HostStats) Option { return func(s *Server) { s.live = hosts } }

// WithStop lets a token-carrying POST /api/control/stop stop the crawl
// (cancel its context: in-flight pages are finished and stored).
func WithStop(stop func()) Option { return func(s *Server) { s.stop = stop } }

// WithPause lets token-carrying POSTs to /api/control/pause and
// /api/control/resume pause and resume the crawl (crawler.Crawler.Pause,
// Resume: fetches in flight finish, none starts while paused).
func WithPause(pause, resume func()) Option {
	return func(s *Server) { s.pause, s.resume = pause, resume }
}

// WithBFS draws ref's harvest curve beside the crawl's on the focus view
// (and answers it in /api/focus as bfs).
func WithBFS(ref *Reference) Option { return func(s *Server) { s.bfs = ref } }

// WithShared makes /metrics export a distributed crawl's shared counters
// (crawl_shared_…), read by shared at each scrape.
func WithShared(shared func(context.Context) (SharedTotals, error)) Option {
	return func(s *Server) { s.shared = shared }
}

// WithMetrics serves m's fetch and batch histograms at /metrics with the
// store's counters (default: a Metrics of its own, histograms empty).
func WithMetrics(m *Metrics) Option { return func(s *Server) { s.metrics = m } }

// New returns a server over db. It refuses an address that is not loopback
// without a token.
func New(cfg Config, db *DB, opts ...Option) (*Server, error) {
	if cfg.Addr == "" {
		cfg.Addr = DefaultAddr
	}
	if db == nil {
		return nil, errors.New("dashboard: New needs a store")
	}
	loop, err := isLoopback(cfg.Addr)
	if err != nil {
		return nil, err
	}
	if !loop && cfg.Token == "" {
		return nil, fmt.Errorf("dashboard: %s is not a loopback address: set a token (-serve-token or serve.token)", cfg.Addr)
	}
	s := &Server{cfg: cfg, db: db, rates: newRateRing(600)}
	for _, o := range opts {
		o(s)
	}
	if s.metrics == nil {
		s.metrics = NewMetrics()
	}
	s.metrics.attach(db, s.stats)
	if s.shared != nil {
		s.metrics.SetShared(s.shared)
	}
	s.mux = s.routes()
	return s, nil
}

// isLoopback reports whether addr's host is a loopback name or address.
func isLoopback(addr string) (bool, error) {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return false, fmt.Errorf("dashboard: address %q: %w", addr, err)
	}
	if host == "localhost" {
		return true, nil
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback(), nil
}

// Handler is the server's HTTP handler with the token check in front.
func (s *Server) Handler() http.Handler { return http.HandlerFunc(s.serveHTTP) }

const tokenCookie = "crawl_token"

func (s *Server) serveHTTP(w http.ResponseWriter, r *http.Request) {
	if s.cfg.Token != "" {
		explicit, ok := s.authorized(r)
		if !ok {
			w.Header().Set("WWW-Authenticate", `Bearer realm="crawl"`)
			writeError(w, http.StatusUnauthorized, "missing or wrong token")
			return
		}
		if !explicit && strings.HasPrefix(r.URL.Path, "/api/control/") {
			writeError(w, http.StatusUnauthorized, "control requests need the token in the Authorization header")
			return
		}
		if r.URL.Query().Get("token") != "" {
			http.SetCookie(w, &http.Cookie{Name: tokenCookie, Value: s.cfg.Token, Path: "/",
				HttpOnly: true, SameSite: http.SameSiteStrictMode})
		}
	}
	s.mux.ServeHTTP(w, r)
}

// authorized checks the token; explicit is true when it came in the header
// or the query rather than the cookie.
func (s *Server) authorized(r *http.Request) (explicit, ok bool) {
	eq := func(t string) bool { return subtle.ConstantTimeCompare([]byte(t), []byte(s.cfg.Token)) == 1 }
	if h := r.Header.Get("Authorization"); strings.HasPrefix(h, "Bearer ") {
		return true, eq(strings.TrimPrefix(h, "Bearer "))
	}
	if t := r.URL.Query().Get("token"); t != "" {
		return true, eq(t)
	}
	if c, err := r.Cookie(tokenCookie); err == nil {
		return false, eq(c.Value)
	}
	return false, false
}

// ListenAndServe serves on cfg.Addr until ctx ends. ready, when not nil,
// gets the address actually bound (for ":0").
func (s *Server) ListenAndServe(ctx context.Context, ready func(addr string)) error {
	ln, err := net.Listen("tcp", s.cfg.Addr)
	if err != nil {
		return fmt.Errorf("dashboard: listen: %w", err)
	}
	if ready != nil {
		ready(ln.Addr().String())
	}
	return s.Serve(ctx, ln)
}

// Serve serves on ln until ctx ends, sampling the live crawl's rate.
func (s *Server) Serve(ctx context.Context, ln net.Listener) error {
	hs := &http.Server{Handler: s.Handler(), ReadHeaderTimeout: 10 * time.Second}
	sctx, cancel := context.WithCancel(ctx)
	defer cancel()
	go s.sample(sctx, time.Second)
	go func() {
		<-sctx.Done()
		shut, done := context.WithTimeout(context.WithoutCancel(ctx), 2*time.Second)
		defer done()
		_ = hs.Shutdown(shut)
	}()
	err := hs.Serve(ln)
	if errors.Is(err, http.ErrServerClosed) {
		return nil
	}
	return fmt.Errorf("dashboard: serve: %w", err)
}
