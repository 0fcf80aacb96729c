//go:build !unix

package warc

import "os"

// fileLock is a no-op where flock is missing: a directory must then have
// one writer at a time.
type fileLock struct{}

func createLocked(path string) (*fileLock, *os.File, error) {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL|os.O_APPEND, 0o644)
	if err != nil {
		return nil, nil, err
	}
	return &fileLock{}, f, nil
}

func tryLock(path string) (*fileLock, *os.File, bool, error) {
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		return nil, nil, false, err
	}
	return &fileLock{}, f, true, nil
}

func (l *fileLock) release() error { return nil }
