package main

import (
	"bufio"
	"context"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestServeBadInvocations(t *testing.T) {
	dir := t.TempDir()
	notDB := filepath.Join(dir, "not.db")
	os.WriteFile(notDB, []byte("this is not a database"), 0o644)
	cfg := filepath.Join(dir, "c.yaml")
	os.WriteFile(cfg, []byte("seeds: [http://127.0.0.1:1/]\ndb: "+filepath.Join(dir, "c.db")+"\n"), 0o644)
	cfgBFS := filepath.Join(dir, "b.yaml")
	os.WriteFile(cfgBFS, []byte("seeds: [http://127.0.0.1:1/]\ndb: "+filepath.Join(dir, "c.db")+"\nserve:\n  bfs_reference: "+notDB+"\n"), 0o644)
	tests := []struct {
		name string
		args []string
		code int
		want string
	}{
		{"serve without db", []string{"serve"}, 2, "crawl serve -db FILE"},
		{"serve missing db", []string{"serve", "-db", filepath.Join(dir, "nope.db")}, 1, "no such file"},
		{"serve not a store", []string{"serve", "-db", notDB}, 1, "not a"},
		{"crawl serves open address without token", []string{"-config", cfg, "-serve", "0.0.0.0:0", "-quiet"}, 2, "not a loopback address"},
		{"crawl serve bad address", []string{"-config", cfg, "-serve", "nonsense", "-quiet"}, 2, "nonsense"},
		{"serve missing bfs", []string{"serve", "-db", notDB, "-bfs", filepath.Join(dir, "nope.csv")}, 1, "no such file"},
		{"crawl bfs not a reference", []string{"-config", cfg, "-serve", "127.0.0.1:0", "-serve-bfs", notDB, "-quiet"}, 1, "columns pages and relevant"},
		{"config bfs not a reference", []string{"-config", cfgBFS, "-serve", "127.0.0.1:0", "-quiet"}, 1, "columns pages and relevant"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := runCLI(t, tt.args...)
			if code != tt.code || !strings.Contains(out+errOut, tt.want) {
				t.Errorf("crawl %v = %d, %q %q; want %d and %q", tt.args, code, out, errOut, tt.code, tt.want)
			}
		})
	}
}

// TestServeStore crawls the demo with -serve, then serves its store with
// crawl serve behind a token (taken from the environment) and reads it.
func TestServeStore(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "d.db")
	cfg := filepath.Join(dir, "d.yaml")
	os.WriteFile(cfg, []byte("demo: true\nseeds: [\"{demo:1}\"]\nmax_pages: 30\nexports: []\ndb: "+db+
		"\nout: "+filepath.Join(dir, "out")+"\npoliteness:\n  no_delay: true\nserve:\n  token: tok\n"), 0o644)
	code, out, errOut := runCLI(t, "-config", cfg, "-serve", "0.0.0.0:0", "-quiet")
	if code != 0 || !strings.Contains(out, "dashboard on http://") {
		t.Fatalf("crawl -serve = %d %q %q", code, out, errOut)
	}
	t.Setenv("CRAWL_SERVE_TOKEN", "tok2")
	ctx, cancel := context.WithCancel(context.Background())
	pr, pw := io.Pipe()
	done := make(chan int)
	go func() {
		done <- run(ctx, []string{"serve", "-db", db, "-addr", "127.0.0.1:0", "-bfs", db}, strings.NewReader(""), pw, io.Discard)
		pw.Close()
	}()
	line, err := bufio.NewReader(pr).ReadString('\n')
	if err != nil {
		t.Fatal(err)
	}
	base := strings.TrimSpace(line[strings.Index(line, "http://"):])
	go io.Copy(io.Discard, pr)
	// The store as its own reference; the hosts as the crawl left them.
	for path, want := range map[string]string{"api/focus": `"name":"BFS (d.db)","pages":30`, "api/hosts": `"state":"end-of-crawl"`} {
		resp, err := http.Get(base + path + "?token=tok2")
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if !strings.Contains(string(body), want) {
			t.Errorf("%s: %s; want %s", path, body, want)
		}
	}
	for tok, want := range map[string]int{"": 401, "tok": 401, "tok2": 200} {
		resp, err := http.Get(base + "api/overview?token=" + tok)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != want || (want == 200 && !strings.Contains(string(body), `"pages":30`)) {
			t.Errorf("token %q: %d %s; want %d", tok, resp.StatusCode, body, want)
		}
	}
	cancel()
	if code := <-done; code != 0 {
		t.Errorf("serve ended with %d after Ctrl-C", code)
	}
}
