package evalrec

import (
	"encoding/csv"
	"fmt"
	"hash/fnv"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/encoding/charmap"
)

// Case is one page with its ground-truth records.
type Case struct {
	Name  string
	Site  string
	Page  string     // path of the HTML page
	Truth [][]string // one row per record
}

// Norm collapses white space and folds case.
func Norm(s string) string { return strings.ToLower(strings.Join(strings.Fields(s), " ")) }

// Key returns the normalised longest field of a ground-truth record, "" for
// an empty row. The testbed's annotators cut long texts and marked the cut
// with a trailing "…" that the page does not hold; Key drops that mark, so
// the kept prefix must be contained. Double-encoded text is repaired
// (Unmojibake). Stray quotes at either end (CSV
// conversion leftovers in a few files) are dropped too.
func Key(row []string) string {
	best := ""
	for _, f := range row {
		f = strings.Trim(strings.TrimSuffix(strings.Trim(Norm(Unmojibake(f)), "\" "), "…"), "\" ")
		if len(f) > len(best) {
			best = f
		}
	}
	return best
}

// squeeze drops all white space: the testbed's texts and the DOM's text
// differ in spaces around inline tags ("laptop ." vs "laptop."), which is
// not an extraction error.
func squeeze(s string) string { return strings.Join(strings.Fields(s), "") }

// Unmojibake repairs text that was UTF-8 decoded as Latin-1/windows-1252
// and encoded again ("canâ€™t" for "can’t"), as some of the testbed's
// records.csv files are: when every rune maps back to one byte and the
// bytes are valid UTF-8 holding a multi-byte rune, the decoded text is
// returned, else s.
func Unmojibake(s string) string {
	b := make([]byte, 0, len(s))
	high := false
	for _, r := range s {
		switch {
		case r < 0x80:
			b = append(b, byte(r))
		case r <= 0xFF:
			b, high = append(b, byte(r)), true
		default:
			c, ok := charmap.Windows1252.EncodeRune(r)
			if !ok {
				return s
			}
			b, high = append(b, c), true
		}
	}
	if !high || !utf8.Valid(b) {
		return s
	}
	return string(b)
}

// Score counts matched pairs between ground-truth rows and extracted
// records, each extracted record given as its normalised text.
func Score(truth [][]string, extracted []string) (matched, nTruth int) {
	var keys []string
	for _, r := range truth {
		if k := squeeze(Key(r)); k != "" {
			keys = append(keys, k)
		}
	}
	extracted = slices.Clone(extracted)
	for i, e := range extracted {
		extracted[i] = squeeze(e)
	}
	adj := make([][]int, len(keys))
	for i, k := range keys {
		for j, e := range extracted {
			if strings.Contains(e, k) {
				adj[i] = append(adj[i], j)
			}
		}
	}
	owner := make([]int, len(extracted))
	for j := range owner {
		owner[j] = -1
	}
	var try func(i int, seen []bool) bool
	try = func(i int, seen []bool) bool {
		for _, j := range adj[i] {
			if seen[j] {
				continue
			}
			seen[j] = true
			if owner[j] < 0 || try(owner[j], seen) {
				owner[j] = i
				return true
			}
		}
		return false
	}
	for i := range keys {
		if try(i, make([]bool, len(extracted))) {
			matched++
		}
	}
	return matched, len(keys)
}

// Half returns "tune" or "report": the split of a site by FNV-1a hash.
func Half(site string) string {
	h := fnv.New32a()
	h.Write([]byte(site))
	if h.Sum32()%2 == 0 {
		return "tune"
	}
	return "report"
}

// LoadRecords reads the cases of a records/ folder: <case>/page.html and
// <case>/records.csv; the site is the case name without its -N suffix.
func LoadRecords(dir string) ([]Case, error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("evalrec: %w", err)
	}
	var cs []Case
	for _, e := range ents {
		if !e.IsDir() {
			continue
		}
		page := filepath.Join(dir, e.Name(), "page.html")
		rows, err := readCSV(filepath.Join(dir, e.Name(), "records.csv"))
		if err != nil {
			return nil, err
		}
		site := e.Name()
		if i := strings.LastIndexByte(site, '-'); i > 0 {
			site = site[:i]
		}
		cs = append(cs, Case{Name: e.Name(), Site: site, Page: page, Truth: rows})
	}
	sort.Slice(cs, func(i, j int) bool { return cs[i].Name < cs[j].Name })
	return cs, nil
}

func readCSV(path string) ([][]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("evalrec: %w", err)
	}
	defer f.Close()
	r := csv.NewReader(f)
	r.FieldsPerRecord = -1
	r.LazyQuotes = true
	rows, err := r.ReadAll()
	if err != nil && err != io.EOF {
		return nil, fmt.Errorf("evalrec: read %s: %w", path, err)
	}
	return rows, nil
}

// LoadSmall reads records-small/: mdr-htmlpage0 (40 records) and
// mdr-htmlpage1 (30), whose truth is only a count, and pydepta-N.html with
// tab-separated records in pydepta-N.txt. For the mdr pages Truth is nil
// and Want holds the count.
func LoadSmall(dir string) ([]Case, map[string]int, error) {
	want := map[string]int{"mdr-htmlpage0": 40, "mdr-htmlpage1": 30}
	var cs []Case
	for name := range want {
		cs = append(cs, Case{Name: name, Site: name, Page: filepath.Join(dir, name+".html")})
	}
	txts, _ := filepath.Glob(filepath.Join(dir, "pydepta-*.txt"))
	for _, t := range txts {
		raw, err := os.ReadFile(t)
		if err != nil {
			return nil, nil, fmt.Errorf("evalrec: %w", err)
		}
		var rows [][]string
		for _, line := range strings.Split(string(raw), "\n") {
			if strings.TrimSpace(line) != "" {
				rows = append(rows, strings.Split(line, "\t"))
			}
		}
		name := strings.TrimSuffix(filepath.Base(t), ".txt")
		cs = append(cs, Case{Name: name, Site: name, Page: strings.TrimSuffix(t, ".txt") + ".html", Truth: rows})
	}
	sort.Slice(cs, func(i, j int) bool { return cs[i].Name < cs[j].Name })
	return cs, want, nil
}
