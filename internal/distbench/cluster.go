package distbench

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/crawl-project/crawl/store"
)

// BuildCrawl builds the crawl command into dir and returns its path.
func BuildCrawl(dir string) (string, error) {
	bin := filepath.Join(dir, "crawl")
	cmd := exec.Command("go", "build", "-o", bin, "github.com/crawl-project/crawl/cmd/crawl")
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("distbench: go build: %v\n%s", err, out)
	}
	return bin, nil
}

// Options are the configuration shared by the processes of a Cluster.
type Options struct {
	Redis    string // redis:// URL
	Name     string // the crawl's name
	Seeds    []string
	Workers  int           // politeness.workers of each process
	PerHost  int           // politeness.per_host_parallel
	Delay    time.Duration // politeness.delay; 0: no_delay
	Lease    time.Duration // distributed.lease
	MaxPages int
	Robots   bool // politeness.robots (off by default: the site has none)
	// MaxPagesPerHost is scope.max_pages_per_host (0: none).
	MaxPagesPerHost int
	// MaxDepth is scope.max_depth (0: none).
	MaxDepth int
	// Dedup turns duplicate detection on (dedup.enabled; off by default).
	Dedup bool
	// Builtins runs the processes with the built-in methods the
	// configuration turns on (default: -builtins off).
	Builtins bool
	// Extra is YAML appended to the configuration (the built-ins' sections).
	Extra string
}

// Cluster runs crawl processes of one distributed crawl, each with its own
// store shard-<i>.db in Dir.
type Cluster struct {
	t      testing.TB
	Bin    string
	Dir    string
	Config string

	mu    sync.Mutex
	procs map[int]*proc
	cpu   time.Duration // user + system time of the processes that exited

	builtins bool // Options.Builtins
}

type proc struct {
	cmd  *exec.Cmd
	done chan error
	log  *os.File
}

// NewCluster writes the configuration of opts into dir (without
// opts.Redis: a crawl that is not distributed, for one process).
func NewCluster(t testing.TB, bin, dir string, opts Options) *Cluster {
	t.Helper()
	pol := fmt.Sprintf("{robots: %v, no_delay: true, per_host_parallel: %d, workers: %d}", opts.Robots, opts.PerHost, opts.Workers)
	if opts.Delay > 0 {
		pol = fmt.Sprintf("{robots: %v, delay: %s, per_host_parallel: %d, workers: %d}", opts.Robots, opts.Delay, opts.PerHost, opts.Workers)
	}
	yaml := fmt.Sprintf(`seeds: [%s]
out: %s
exports: []
max_pages: %d
scope: {robots_sitemaps: false, max_pages_per_host: %d, max_depth: %d}
dedup: {enabled: %v}
fetch: {retries: 1, backoff: 50ms, stop_grace: 1s}
politeness: %s
`, strings.Join(opts.Seeds, ", "), filepath.Join(dir, "out"), opts.MaxPages, opts.MaxPagesPerHost, opts.MaxDepth, opts.Dedup, pol) + opts.Extra
	if opts.Redis != "" {
		yaml += fmt.Sprintf("\ndistributed: {redis: %q, name: %s, lease: %s}\n", opts.Redis, opts.Name, opts.Lease)
	}
	cfg := filepath.Join(dir, "crawl.yaml")
	if err := os.WriteFile(cfg, []byte(yaml), 0o644); err != nil {
		t.Fatal(err)
	}
	c := &Cluster{t: t, Bin: bin, Dir: dir, Config: cfg, procs: map[int]*proc{}, builtins: opts.Builtins}
	t.Cleanup(c.killAll)
	return c
}

// DB is the store of process i.
func (c *Cluster) DB(i int) string { return filepath.Join(c.Dir, fmt.Sprintf("shard-%d.db", i)) }

// Start starts process i (again, after a kill: same store).
func (c *Cluster) Start(i int) { c.StartWith(i) }

// StartWith starts process i with more command-line flags (-recrawl).
func (c *Cluster) StartWith(i int, flags ...string) {
	c.t.Helper()
	lf, err := os.OpenFile(filepath.Join(c.Dir, fmt.Sprintf("shard-%d.log", i)), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		c.t.Fatal(err)
	}
	args := []string{"-config", c.Config, "-db", c.DB(i), "-quiet"}
	if !c.builtins {
		args = append(args, "-builtins", "off")
	}
	args = append(args, flags...)
	cmd := exec.Command(c.Bin, args...)
	cmd.Stdout, cmd.Stderr = lf, lf
	if err := cmd.Start(); err != nil {
		c.t.Fatal(err)
	}
	p := &proc{cmd: cmd, done: make(chan error, 1), log: lf}
	go func() { p.done <- cmd.Wait() }()
	c.mu.Lock()
	c.procs[i] = p
	c.mu.Unlock()
}

// Kill kills process i with SIGKILL and waits for it to die.
func (c *Cluster) Kill(i int) {
	c.mu.Lock()
	p := c.procs[i]
	delete(c.procs, i)
	c.mu.Unlock()
	if p == nil {
		return
	}
	p.cmd.Process.Signal(syscall.SIGKILL)
	<-p.done
	p.log.Close()
}

// Exited reports whether process i has exited (and how).
func (c *Cluster) Exited(i int) (bool, error) {
	c.mu.Lock()
	p := c.procs[i]
	c.mu.Unlock()
	if p == nil {
		return true, nil
	}
	select {
	case err := <-p.done:
		p.done <- err
		return true, err
	default:
		return false, nil
	}
}

// Wait waits for every running process to exit, failing the test when one
// fails or timeout passes.
func (c *Cluster) Wait(timeout time.Duration) {
	c.t.Helper()
	deadline := time.After(timeout)
	c.mu.Lock()
	procs := c.procs
	c.procs = map[int]*proc{}
	c.mu.Unlock()
	for i, p := range procs {
		select {
		case err := <-p.done:
			p.log.Close()
			if ps := p.cmd.ProcessState; ps != nil {
				c.cpu += ps.UserTime() + ps.SystemTime()
			}
			if err != nil {
				c.t.Errorf("process %d: %v\n%s", i, err, c.Log(i))
			}
		case <-deadline:
			// A Go program answers SIGQUIT with every goroutine's stack:
			// the log then shows where the process is stuck.
			_ = p.cmd.Process.Signal(syscall.SIGQUIT)
			select {
			case <-p.done:
			case <-time.After(10 * time.Second):
			}
			b, _ := os.ReadFile(filepath.Join(c.Dir, fmt.Sprintf("shard-%d.log", i)))
			c.t.Fatalf("process %d still running after %v; its log and goroutines:\n%s", i, timeout, b)
		}
	}
}

// CPU is the user and system time of the processes Wait saw exit.
func (c *Cluster) CPU() time.Duration { return c.cpu }

// Log is the output of process i (every run of it), last 3000 bytes.
func (c *Cluster) Log(i int) string {
	b, _ := os.ReadFile(filepath.Join(c.Dir, fmt.Sprintf("shard-%d.log", i)))
	if len(b) > 3000 {
		b = b[len(b)-3000:]
	}
	return string(b)
}

func (c *Cluster) killAll() {
	c.mu.Lock()
	ids := make([]int, 0, len(c.procs))
	for i := range c.procs {
		ids = append(ids, i)
	}
	c.mu.Unlock()
	for _, i := range ids {
		c.Kill(i)
	}
}

// StoredPages counts, for every URL stored as a page in the stores of
// processes 0 … n-1, how many stores hold it.
func StoredPages(ctx context.Context, dbs []string) (map[string]int, error) {
	out := map[string]int{}
	for _, db := range dbs {
		st, err := store.Open(ctx, db)
		if err != nil {
			return nil, err
		}
		err = st.ExportPages(ctx, func(r store.PageRow) error {
			out[r.URL]++
			return nil
		})
		st.Close()
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}
