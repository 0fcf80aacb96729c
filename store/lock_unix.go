//go:build unix

package store

import (
	"errors"
	"fmt"
	"os"
	"syscall"
)

// fileLock is an exclusive flock on a lock file next to the database.
type fileLock struct {
	f    *os.File
	path string
}

// lockFile takes an exclusive, non-blocking flock on path, creating it.
// It retries when the file was replaced between open and lock, so two
// processes can never both believe they hold it.
func lockFile(path string) (*fileLock, error) {
	for range 3 {
		f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
		if err != nil {
			return nil, err
		}
		if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
			f.Close()
			if errors.Is(err, syscall.EWOULDBLOCK) {
				return nil, ErrLocked
			}
			return nil, fmt.Errorf("lock %s: %w", path, err)
		}
		fst, err1 := f.Stat()
		pst, err2 := os.Stat(path)
		if err1 == nil && err2 == nil && os.SameFile(fst, pst) {
			return &fileLock{f: f, path: path}, nil
		}
		f.Close() // removed or replaced by a closing store: try again
	}
	return nil, fmt.Errorf("lock %s: file keeps changing", path)
}

// release removes the lock file while still holding the lock, then unlocks.
func (l *fileLock) release() error {
	err := os.Remove(l.path)
	if errors.Is(err, os.ErrNotExist) {
		err = nil
	}
	return errors.Join(err, l.f.Close())
}
