package pipeline_test

import (
	"context"
	"fmt"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/crawl-project/crawl/config"
	"github.com/crawl-project/crawl/internal/trapsite"
	"github.com/crawl-project/crawl/pipeline"
)

const hostileEnv = "CRAWL_HOSTILE_SEED"

// TestHostileSite crawls the hostile trap site (traps, redirect loops and
// endless chains, a 50 MB and an endless body, a 200,000-link page,
// 10,000-deep nesting, a garbage robots.txt) with 16 workers and a
// 600-page budget in a child process, and checks the crawl ends by itself
// with the child's peak RSS at most 500 MB.
//
//	go test ./pipeline -run HostileSite -v
func TestHostileSite(t *testing.T) {
	if os.Getenv(hostileEnv) != "" {
		t.Skip("the child runs TestHostileChild")
	}
	site, err := trapsite.New(trapsite.Config{Hostile: true})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(site)
	defer srv.Close()
	cmd := exec.Command(os.Args[0], "-test.run=^TestHostileChild$", "-test.v")
	cmd.Env = append(os.Environ(), hostileEnv+"="+srv.URL+"/", "CRAWL_HOSTILE_DB="+filepath.Join(t.TempDir(), "h.db"))
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("child: %v\n%s", err, out)
	}
	rss := cmd.ProcessState.SysUsage().(*syscall.Rusage).Maxrss << 10 // KiB on Linux
	c := site.Counts()
	line := ""
	for _, l := range strings.Split(string(out), "\n") {
		if strings.Contains(l, "hostile:") {
			line = strings.TrimSpace(l)
		}
	}
	t.Logf("%s; child peak RSS %.0f MB; requests %d (%v)", line, float64(rss)/(1<<20), c.Requests, c.ByKind)
	if !strings.Contains(line, "reason frontier-empty") && !strings.Contains(line, "reason max-pages") {
		t.Errorf("the crawl did not end by itself: %q", line)
	}
	if rss > 500<<20 {
		t.Errorf("peak RSS %d MB, want ≤ 500 MB", rss>>20)
	}
	if c.ByKind["hostile"] < 6 {
		t.Errorf("only %d hostile requests: the crawl did not reach the hostile pages", c.ByKind["hostile"])
	}
}

// TestHostileChild is the crawl TestHostileSite runs in a child process.
func TestHostileChild(t *testing.T) {
	seed := os.Getenv(hostileEnv)
	if seed == "" {
		t.Skip("run by TestHostileSite")
	}
	cfg := config.Default()
	cfg.Seeds = []string{seed}
	cfg.DB = os.Getenv("CRAWL_HOSTILE_DB")
	cfg.MaxPages = 600
	cfg.Politeness.NoDelay = true
	cfg.Politeness.Workers, cfg.Politeness.PerHostParallel = 16, 16
	cfg.Fetch.Timeout = 5 * time.Second
	cfg.Fetch.Retries = -1
	cfg.Exports = nil
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	p, err := pipeline.Open(ctx, &cfg, pipeline.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	sum, err := p.Run(ctx)
	if err != nil {
		t.Fatal(err)
	}
	fmt.Printf("hostile: reason %s, fetched %d, failed %d (%s), duplicates %d, links capped on %d pages, refused %v\n",
		sum.Reason, sum.Fetched, sum.Failed, sum.ErrorSummary(), sum.Duplicates, sum.LinksCapped, sum.Refused)
}
