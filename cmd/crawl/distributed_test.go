package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/crawl-project/crawl/internal/distbench"
	"github.com/crawl-project/crawl/internal/redistest"
	"github.com/redis/go-redis/v9"
)

// TestDistributedCommands: a distributed crawl in one process, a second
// process that joins a finished crawl, `crawl status`, the merged export
// over a glob of stores, and -fresh clearing this crawl's keys only.
func TestDistributedCommands(t *testing.T) {
	srv := redistest.Start(t, redistest.Options{})
	rdb := srv.Client()
	ctx := context.Background()
	site := distbench.NewSite(4, 20, 0)
	defer site.Close()
	dir := t.TempDir()
	cfg := filepath.Join(dir, "d.yaml")
	yaml := fmt.Sprintf(`seeds: [%s]
exports: []
scope: {robots_sitemaps: false}
dedup: {enabled: false}
politeness: {robots: false, no_delay: true, workers: 4}
distributed: {redis: %q, name: cli, lease: 5s}
`, strings.Join(site.Roots(), ", "), srv.URL(0))
	if err := os.WriteFile(cfg, []byte(yaml), 0o644); err != nil {
		t.Fatal(err)
	}
	rdb.Set(ctx, "crawl:{other}:n:queued", "7", 0)
	a, b := filepath.Join(dir, "shard-a.db"), filepath.Join(dir, "shard-b.db")
	if code, _, errOut := runCLI(t, "-config", cfg, "-db", a, "-quiet", "-builtins", "off"); code != 0 {
		t.Fatalf("crawl a: exit %d\n%s", code, errOut)
	}
	if code, _, errOut := runCLI(t, "-config", cfg, "-db", b, "-quiet", "-builtins", "off"); code != 0 {
		t.Fatalf("crawl b (joins a finished crawl): exit %d\n%s", code, errOut)
	}
	code, out, errOut := runCLI(t, "status", "-config", cfg)
	if code != 0 {
		t.Fatalf("status: exit %d\n%s", code, errOut)
	}
	for _, want := range []string{"queued 0  in flight (leased) 0  stored 80  failed 0", strings.TrimSuffix(strings.TrimPrefix(site.Roots()[0], "http://"), "/p/0"), "shard-a.db", "shard-b.db"} {
		if !strings.Contains(out, want) {
			t.Errorf("status output lacks %q:\n%s", want, out)
		}
	}
	countPages := func() int {
		code, out, errOut := runCLI(t, "export", "-db", filepath.Join(dir, "shard-*.db"), "-what", "pages")
		if code != 0 {
			t.Fatalf("merged export: exit %d\n%s", code, errOut)
		}
		return strings.Count(out, "\n") - 1
	}
	if n := countPages(); n != 80 {
		t.Errorf("merged export of a and b: %d pages, want 80 (b joined after a had stored all)", n)
	}
	// -fresh on b: b's store and the crawl's keys go, b crawls everything again.
	if code, _, errOut := runCLI(t, "-config", cfg, "-db", b, "-quiet", "-builtins", "off", "-fresh"); code != 0 {
		t.Fatalf("crawl b -fresh: exit %d\n%s", code, errOut)
	}
	if code, out, _ := runCLI(t, "export", "-db", b, "-what", "pages"); code != 0 || strings.Count(out, "\n")-1 != 80 {
		t.Errorf("b after -fresh: exit %d, %d pages, want 80 (the crawl's keys were cleared)", code, strings.Count(out, "\n")-1)
	}
	if n := countPages(); n != 80 {
		t.Errorf("merged export after b crawled again: %d pages, want 80 (each URL once)", n)
	}
	if v := rdb.Get(ctx, "crawl:{other}:n:queued").Val(); v != "7" {
		t.Errorf("-fresh touched another crawl's key: %q", v)
	}
}

// TestFreshRefusedWhileRunning: -fresh does not pull a crawl from under a
// running process.
func TestFreshRefusedWhileRunning(t *testing.T) {
	srv := redistest.Start(t, redistest.Options{})
	ctx := context.Background()
	rdb := srv.Client()
	dir := t.TempDir()
	cfg := filepath.Join(dir, "d.yaml")
	yaml := fmt.Sprintf("seeds: [http://127.0.0.1:1/]\nexports: []\ndistributed: {redis: %q, name: busy}\n", srv.URL(0))
	if err := os.WriteFile(cfg, []byte(yaml), 0o644); err != nil {
		t.Fatal(err)
	}
	// A live process: its lease runs for a minute from Redis's clock now.
	now, _ := rdb.Time(ctx).Result()
	rdb.ZAdd(ctx, "crawl:{busy}:owners", redis.Z{Score: float64(now.Add(time.Minute).UnixMilli()), Member: "other:/x.db"})
	rdb.ZAdd(ctx, "crawl:{busy}:procs", redis.Z{Score: float64(now.UnixMilli()), Member: "other:/x.db"})
	code, _, errOut := runCLI(t, "-config", cfg, "-db", filepath.Join(dir, "a.db"), "-quiet", "-fresh")
	if code == 0 || !strings.Contains(errOut, "running") {
		t.Errorf("-fresh with a live process: exit %d, %q; want a refusal", code, errOut)
	}
	if rdb.Exists(ctx, "crawl:{busy}:owners").Val() != 1 {
		t.Error("-fresh deleted the crawl's keys while a process runs")
	}
}
