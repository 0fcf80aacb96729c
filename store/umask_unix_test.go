//go:build unix

package store_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// umask reads the process umask (setting it back at once).
func umask() fs.FileMode {
	m := syscall.Umask(0o022)
	syscall.Umask(m)
	return fs.FileMode(m)
}

func TestNewStoreModeFollowsUmask(t *testing.T) {
	path := filepath.Join(t.TempDir(), "crawl.db")
	open(t, path).Close()
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	// 0666 less the umask: at least readable by the owner, never 0600 only
	// because of how it was created (the usual umask 022 gives 0644).
	if um := umask(); fi.Mode().Perm() != 0o666&^um {
		t.Errorf("store mode %04o, want %04o (0666 less umask %03o)", fi.Mode().Perm(), 0o666&^um, um)
	}
}
