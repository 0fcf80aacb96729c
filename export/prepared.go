package export

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"

	"github.com/crawl-project/crawl/store"
)

// WriteFile writes table what to path atomically: into a temporary file in
// the same directory, renamed over path only when complete, so a failed
// export never leaves a partial file behind.
func WriteFile(ctx context.Context, st *store.Store, what, format, path string) error {
	return atomicWrite(path, func(w io.Writer) error { return Write(ctx, st, what, format, w) })
}

// Prepared is an export written whole into a temporary file beside its
// path and not yet put in place: Commit renames it over the path, Discard
// removes it. Until then the file at the path, if any, is untouched. A
// crawl writes the tables it has all of before its last work ends, and
// puts them in place only once it knows the run's exports are due.
type Prepared struct {
	tmp, path string
}

// PrepareFile writes table what of st as format into a temporary file
// beside path. On error nothing is left behind.
func PrepareFile(ctx context.Context, st *store.Store, what, format, path string) (*Prepared, error) {
	return prepare(path, func(w io.Writer) error { return Write(ctx, st, what, format, w) })
}

// Path is where Commit puts the file.
func (p *Prepared) Path() string { return p.path }

// Commit renames the prepared file over its path. On error the temporary
// file is removed.
func (p *Prepared) Commit() error {
	if err := os.Rename(p.tmp, p.path); err != nil {
		os.Remove(p.tmp)
		return fmt.Errorf("export: %w", err)
	}
	return nil
}

// Discard removes the prepared file; the file at its path stays as it was.
func (p *Prepared) Discard() { os.Remove(p.tmp) }

// atomicWrite writes path with fn through a temporary file (prepare) and
// renames it over path when fn succeeded.
func atomicWrite(path string, fn func(io.Writer) error) error {
	p, err := prepare(path, fn)
	if err != nil {
		return err
	}
	return p.Commit()
}

// prepare writes fn's output into a new temporary file beside path, which
// it removes again when fn or the file fails.
func prepare(path string, fn func(io.Writer) error) (*Prepared, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, fmt.Errorf("export: %w", err)
	}
	f, err := createTemp(path)
	if err != nil {
		return nil, fmt.Errorf("export: %w", err)
	}
	kept := false
	defer func() { // also when fn panics
		if !kept {
			os.Remove(f.Name())
		}
	}()
	if err := fn(f); err != nil {
		f.Close()
		return nil, err
	}
	if err := f.Close(); err != nil {
		return nil, fmt.Errorf("export: %w", err)
	}
	kept = true
	return &Prepared{tmp: f.Name(), path: path}, nil
}

// createTemp creates a new hidden file beside path with mode 0666 less the
// umask (as any file a program writes; os.CreateTemp would make it 0600,
// so the renamed export would be private whatever the umask).
func createTemp(path string) (*os.File, error) {
	dir, base := filepath.Split(path)
	for range 100 {
		name := filepath.Join(dir, "."+base+"."+strconv.FormatUint(rand.Uint64(), 36))
		f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o666)
		if !errors.Is(err, fs.ErrExist) {
			return f, err
		}
	}
	return nil, fmt.Errorf("create a temporary file beside %s: too many name clashes", path)
}
