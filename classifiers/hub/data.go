package hub

import (
	"bufio"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"sort"
	"strconv"
	"strings"

	"github.com/crawl-project/crawl"
)

// Example is one labelled URL.
type Example struct {
	URLInfo
	Host string
	Hub  bool // label hub (true) or topic (false)
}

// ErrData is wrapped by every error about a malformed data file.
var ErrData = errors.New("hub: bad data")

// ReadTSV reads labelled URLs: a header line naming at least the columns
// label and url (host, anchor, depth and size are optional, in any order),
// then one row per URL with label hub or topic. A missing host is taken
// from the URL; a missing depth is unknown (-1), a missing size unknown (0).
func ReadTSV(r io.Reader) ([]Example, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	if !sc.Scan() {
		if err := sc.Err(); err != nil {
			return nil, fmt.Errorf("hub: read tsv: %w", err)
		}
		return nil, fmt.Errorf("%w: empty file, want a header line label<TAB>url<TAB>host", ErrData)
	}
	cols, err := ParseColumns(sc.Text(), true)
	if err != nil {
		return nil, err
	}
	var out []Example
	for line := 2; sc.Scan(); line++ {
		text := strings.TrimRight(sc.Text(), "\r")
		if strings.TrimSpace(text) == "" {
			continue
		}
		ex, err := parseRow(strings.Split(text, "\t"), cols)
		if err != nil {
			return nil, fmt.Errorf("%w: line %d: %w", ErrData, line, err)
		}
		out = append(out, ex)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("hub: read tsv: %w", err)
	}
	return out, nil
}

// Columns locates the columns of a URL TSV, found by the names in its
// header line: label, url, host, anchor, depth, size (-1: absent).
type Columns struct{ label, url, host, anchor, depth, size int }

// ParseColumns reads a TSV header line. It needs a url column, and a label
// column too when labelled.
func ParseColumns(header string, labelled bool) (Columns, error) {
	c := Columns{-1, -1, -1, -1, -1, -1}
	for i, name := range strings.Split(strings.TrimRight(header, "\r"), "\t") {
		switch strings.ToLower(strings.TrimSpace(name)) {
		case "label":
			c.label = i
		case "url":
			c.url = i
		case "host":
			c.host = i
		case "anchor":
			c.anchor = i
		case "depth":
			c.depth = i
		case "size":
			c.size = i
		}
	}
	switch {
	case c.url < 0 && !labelled:
		return c, fmt.Errorf("%w: line 1: header %q lacks a url column", ErrData, header)
	case (c.label < 0 || c.url < 0) && labelled:
		return c, fmt.Errorf("%w: line 1: header %q lacks the label and url columns", ErrData, header)
	}
	return c, nil
}

// Info reads what a row f (its tab-separated fields) says of its URL: the
// url, the anchor text, and the depth and size, unknown (-1 and 0) when
// empty.
func (c Columns) Info(f []string) (URLInfo, error) {
	get := func(i int) string {
		if i >= 0 && i < len(f) {
			return strings.TrimSpace(f[i])
		}
		return ""
	}
	if len(f) <= max(c.label, c.url) {
		return URLInfo{}, fmt.Errorf("%d columns, want at least %d", len(f), max(c.label, c.url)+1)
	}
	u := URLInfo{URL: get(c.url), Anchor: get(c.anchor), Depth: -1}
	if u.URL == "" {
		return URLInfo{}, errors.New("empty url")
	}
	var err error
	if s := get(c.depth); s != "" {
		if u.Depth, err = strconv.Atoi(s); err != nil {
			return URLInfo{}, fmt.Errorf("depth %q is not an integer", s)
		}
	}
	if s := get(c.size); s != "" {
		if u.Size, err = strconv.Atoi(s); err != nil {
			return URLInfo{}, fmt.Errorf("size %q is not an integer", s)
		}
	}
	return u, nil
}

func parseRow(f []string, c Columns) (Example, error) {
	u, err := c.Info(f)
	if err != nil {
		return Example{}, err
	}
	ex := Example{URLInfo: u}
	switch label := f[c.label]; label {
	case crawl.LabelHub:
		ex.Hub = true
	case crawl.LabelTopic:
	default:
		return Example{}, fmt.Errorf("label %q, want hub or topic", label)
	}
	if c.host >= 0 && c.host < len(f) {
		ex.Host = f[c.host]
	}
	if ex.Host == "" {
		ex.Host = crawl.HostKey(ex.URL)
	}
	return ex, nil
}

// SplitByHost splits examples into parts whose hosts are disjoint: every
// host goes, with all its URLs, to one part, chosen by a seeded hash of the
// host so the split is reproducible and does not depend on row order.
// fractions give the parts' shares of the hosts (they are normalised).
func SplitByHost(examples []Example, seed int64, fractions ...float64) [][]Example {
	hosts := make([]string, len(examples))
	for i, e := range examples {
		hosts[i] = e.Host
	}
	part := groupParts(hosts, seed, fractions)
	out := make([][]Example, max(len(fractions), 1))
	for i, e := range examples {
		out[part[i]] = append(out[part[i]], e)
	}
	return out
}

// groupParts assigns each item, by its group, to a part: groups ordered by
// a seeded FNV hash, then cut into len(fractions) runs of the given shares.
func groupParts(groups []string, seed int64, fractions []float64) []int {
	if len(fractions) == 0 {
		return make([]int, len(groups))
	}
	keys := map[string]uint64{}
	for _, g := range groups {
		if _, ok := keys[g]; !ok {
			f := fnv.New64a()
			fmt.Fprintf(f, "%d\x00%s", seed, g)
			keys[g] = f.Sum64()
		}
	}
	names := make([]string, 0, len(keys))
	for g := range keys {
		names = append(names, g)
	}
	sort.Slice(names, func(a, b int) bool {
		if keys[names[a]] != keys[names[b]] {
			return keys[names[a]] < keys[names[b]]
		}
		return names[a] < names[b]
	})
	var total float64
	for _, f := range fractions {
		total += f
	}
	part := map[string]int{}
	acc, k := 0.0, 0
	for i, g := range names {
		for k < len(fractions)-1 && float64(i) >= (acc+fractions[k])/total*float64(len(names)) {
			acc += fractions[k]
			k++
		}
		part[g] = k
	}
	out := make([]int, len(groups))
	for i, g := range groups {
		out[i] = part[g]
	}
	return out
}
