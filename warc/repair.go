package warc

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// Repair is what RepairDir did to one file left open by a crash.
type Repair struct {
	File    string // final name (the open suffix removed); "" when removed
	Records int    // whole records kept
	Cut     int64  // bytes of a torn tail cut off
}

// RepairDir finishes the files of prefix in dir that a crashed writer left
// open: each is cut after its last whole exchange (a request without its
// response goes too), made durable and given its final name; a file with no
// whole record is removed. Files of other names, and open files another
// live writer holds locked, are left alone.
func RepairDir(dir, prefix string) ([]Repair, error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("warc: repair: %w", err)
	}
	var out []Repair
	for _, e := range ents {
		n := e.Name()
		if e.IsDir() || !strings.HasPrefix(n, prefix+"-") || !strings.HasSuffix(n, ".warc.gz"+openSuffix) {
			continue
		}
		rep, ok, err := repairFile(filepath.Join(dir, n))
		if err != nil {
			return out, err
		}
		if ok {
			out = append(out, rep)
		}
	}
	return out, nil
}

func repairFile(path string) (Repair, bool, error) {
	lock, f, ok, err := tryLock(path)
	if err != nil || !ok {
		if err != nil {
			err = fmt.Errorf("warc: repair %s: %w", path, err)
		}
		return Repair{}, false, err
	}
	defer f.Close()
	defer lock.release()
	keep, records, err := wholeLength(f, path)
	if err != nil {
		return Repair{}, false, err
	}
	st, err := f.Stat()
	if err != nil {
		return Repair{}, false, fmt.Errorf("warc: repair %s: %w", path, err)
	}
	final := strings.TrimSuffix(path, openSuffix)
	rep := Repair{File: final, Records: records, Cut: st.Size() - keep}
	if records == 0 {
		rep.File = ""
		return rep, true, os.Remove(path)
	}
	if err := errors.Join(f.Truncate(keep), f.Sync()); err != nil {
		return Repair{}, false, fmt.Errorf("warc: repair %s: %w", path, err)
	}
	if err := rename(path, final); err != nil {
		return Repair{}, false, fmt.Errorf("warc: repair %s: %w", path, err)
	}
	return rep, true, IndexFile(final)
}

// wholeLength is the length of the longest prefix of f made of whole
// records that does not end in a request waiting for its response.
func wholeLength(f *os.File, name string) (int64, int, error) {
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return 0, 0, err
	}
	r := NewReader(f, name)
	var keep int64
	kept, n := 0, 0
	for {
		rec, err := r.Next()
		if err != nil {
			return keep, kept, nil // EOF or the torn tail
		}
		n++
		if rec.Type() != "request" {
			keep, kept = rec.Offset+rec.Size, n
		}
	}
}
