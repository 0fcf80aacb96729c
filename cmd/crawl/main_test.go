package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// runCLI runs the command line in-process and returns exit code and output.
func runCLI(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	code := run(context.Background(), args, strings.NewReader(""), &stdout, &stderr)
	return code, stdout.String(), stderr.String()
}

func TestEveryShippedConfigIsValid(t *testing.T) {
	files, err := filepath.Glob("../../configs/*.yaml")
	if err != nil || len(files) < 2 {
		t.Fatalf("configs: %v %v", files, err)
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			code, out, errOut := runCLI(t, "-config", f, "-check")
			if code != 0 || !strings.Contains(out, "OK") {
				t.Errorf("crawl -config %s -check = %d, %q %q", f, code, out, errOut)
			}
		})
	}
}

func TestBadInvocations(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.yaml")
	os.WriteFile(bad, []byte("seeds: [https://a.example/]\npoliteness:\n  dleay: 1s\n"), 0o644)
	notDB := filepath.Join(dir, "not.db")
	os.WriteFile(notDB, []byte("this is not a database"), 0o644)
	corruptCfg := filepath.Join(dir, "corrupt.yaml")
	os.WriteFile(corruptCfg, []byte("seeds: [http://127.0.0.1:1/]\ndb: "+notDB+"\nout: "+filepath.Join(dir, "out")+"\n"), 0o644)
	tests := []struct {
		name string
		args []string
		code int
		want string
	}{
		{"corrupt store", []string{"-config", corruptCfg, "-quiet"}, 1, "not a SQLite database"},
		{"fresh refuses a non-store file", []string{"-config", corruptCfg, "-fresh", "-quiet"}, 1, "refusing to delete"},
		{"unknown command", []string{"frobnicate"}, 2, "unknown command"},
		{"no config", []string{"-fresh"}, 2, "-config is required"},
		{"missing config", []string{"-config", filepath.Join(dir, "nope.yaml")}, 1, "no such file"},
		{"bad key", []string{"-config", bad, "-check"}, 1, "bad.yaml:3: dleay: unknown key"},
		{"export bad what", []string{"export", "-db", notDB, "-what", "cats"}, 2, "cats"},
		{"export not a db", []string{"export", "-db", notDB, "-what", "pages"}, 1, "not a SQLite database"},
		{"export missing db", []string{"export", "-what", "pages"}, 2, "-db is required"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := runCLI(t, tt.args...)
			if code != tt.code || !strings.Contains(out+errOut, tt.want) {
				t.Errorf("crawl %v = %d, %q %q; want %d and %q", tt.args, code, out, errOut, tt.code, tt.want)
			}
		})
	}
	if b, _ := os.ReadFile(notDB); string(b) != "this is not a database" {
		t.Errorf("a failed export changed the file it was given: %q", b)
	}
}
