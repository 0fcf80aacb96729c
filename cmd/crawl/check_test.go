package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCheckRequestsAndPlan: -check validates fetch.proxy, fetch.headers
// and fetch.cookies_file, and prints the plan, one line per aspect.
func TestCheckRequestsAndPlan(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "cookies.txt")
	os.WriteFile(good, []byte("# Netscape HTTP Cookie File\na.test\tFALSE\t/\tFALSE\t0\tsid\tx\n"), 0o644)
	bad := filepath.Join(dir, "bad-cookies.txt")
	os.WriteFile(bad, []byte("a.test\tFALSE\t/\tFALSE\t0\tsid\tx\na.test\tmaybe\t/\tFALSE\t0\tsid\tx\n"), 0o644)
	write := func(fetch string) string {
		p := filepath.Join(dir, "c.yaml")
		os.WriteFile(p, []byte("seeds: [https://a.test/]\ndb: "+filepath.Join(dir, "c.db")+"\nfetch:\n"+fetch), 0o644)
		return p
	}
	t.Run("good", func(t *testing.T) {
		code, out, errOut := runCLI(t, "-config", write("  proxy: socks5://user:secret@127.0.0.1:1080\n  headers: {Accept-Language: de, X-Token: abc}\n  cookies_file: "+good+"\n"), "-check")
		if code != 0 {
			t.Fatalf("-check = %d: %s", code, errOut)
		}
		for _, want := range []string{"OK", "seeds:       1: https://a.test/", "scope:", "max_pages:   no limit",
			"politeness:  250ms between requests to a host, 2 at a time per host, 16 workers", "proxy socks5://user:xxxxx@127.0.0.1:1080",
			"headers Accept-Language, X-Token", "cookies from " + good, "store:       " + filepath.Join(dir, "c.db") + " (new)",
			"outputs:", "hub:         off", "topic:       off", "clustering:  off", "extraction:  off", "topics:      off"} {
			if !strings.Contains(out, want) {
				t.Errorf("-check output lacks %q:\n%s", want, out)
			}
		}
		if strings.Contains(out, "secret") {
			t.Errorf("-check printed the proxy password:\n%s", out)
		}
	})
	for _, c := range []struct{ name, fetch, want string }{
		{"proxy scheme", "  proxy: ftp://127.0.0.1:21\n", "fetch.proxy"},
		{"proxy host", "  proxy: http://\n", "fetch.proxy"},
		{"header name", "  headers: {\"Bad Name\": x}\n", "fetch.headers"},
		{"header cookie", "  headers: {Cookie: a=b}\n", "cookies_file"},
		{"header agent", "  headers: {user-agent: x}\n", "fetch.user_agent"},
		{"cookies missing", "  cookies_file: " + filepath.Join(dir, "none.txt") + "\n", "fetch.cookies_file"},
		{"cookies bad line", "  cookies_file: " + bad + "\n", "line 2"},
	} {
		t.Run(c.name, func(t *testing.T) {
			code, _, errOut := runCLI(t, "-config", write(c.fetch), "-check")
			if code == 0 || !strings.Contains(errOut, c.want) {
				t.Errorf("-check with %q = %d, %q; want an error naming %q", c.fetch, code, errOut, c.want)
			}
		})
	}
}
