//go:build !unix

package store

import (
	"errors"
	"os"
)

// fileLock is an exclusively created lock file on systems without flock.
// A crashed process leaves it behind; delete it by hand.
type fileLock struct{ path string }

func lockFile(path string) (*fileLock, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o644)
	if errors.Is(err, os.ErrExist) {
		return nil, ErrLocked
	}
	if err != nil {
		return nil, err
	}
	f.Close()
	return &fileLock{path: path}, nil
}

func (l *fileLock) release() error { return os.Remove(l.path) }
