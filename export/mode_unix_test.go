//go:build unix

package export_test

import (
	"context"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/crawl-project/crawl/export"
)

// TestExportModeFollowsUmask: an exported file is 0666 less the umask
// (0644 under the usual 022), not the 0600 of a temporary file. The test
// sets the process umask, so it does not run in parallel.
func TestExportModeFollowsUmask(t *testing.T) {
	st := fixture(t)
	for _, c := range []struct {
		umask int
		want  os.FileMode
	}{{0o022, 0o644}, {0o027, 0o640}, {0o077, 0o600}} {
		old := syscall.Umask(c.umask)
		path := filepath.Join(t.TempDir(), "pages.csv")
		err := export.WriteFile(context.Background(), st, "pages", "csv", path)
		syscall.Umask(old)
		if err != nil {
			t.Fatal(err)
		}
		fi, err := os.Stat(path)
		if err != nil {
			t.Fatal(err)
		}
		if got := fi.Mode().Perm(); got != c.want {
			t.Errorf("umask %03o: export mode %04o, want %04o", c.umask, got, c.want)
		}
	}
}
