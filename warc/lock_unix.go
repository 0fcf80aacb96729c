//go:build unix

package warc

import (
	"errors"
	"os"
	"syscall"
)

// fileLock is an exclusive flock held on a file while it is written, so a
// second process repairing the directory leaves it alone.
type fileLock struct{ f *os.File }

// createLocked creates path (which must not exist) and locks it.
func createLocked(path string) (*fileLock, *os.File, error) {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL|os.O_APPEND, 0o644)
	if err != nil {
		return nil, nil, err
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		return nil, nil, errors.Join(err, f.Close(), os.Remove(path))
	}
	return &fileLock{f: f}, f, nil
}

// tryLock locks an existing file; ok is false when a live writer holds it.
func tryLock(path string) (_ *fileLock, _ *os.File, ok bool, _ error) {
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		return nil, nil, false, err
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, nil, false, nil
		}
		return nil, nil, false, err
	}
	return &fileLock{f: f}, f, true, nil
}

// release drops the lock (the file itself is closed by its owner).
func (l *fileLock) release() error {
	if l == nil {
		return nil
	}
	return syscall.Flock(int(l.f.Fd()), syscall.LOCK_UN)
}
