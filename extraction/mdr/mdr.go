package mdr

import (
	"errors"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/extraction"
	"github.com/crawl-project/crawl/extraction/stm"
	"golang.org/x/net/html"
)

// Config tunes MDR. Zero fields take the defaults of the MDR paper.
type Config struct {
	K         int     // longest generalized node, in children; 0 means 3
	Threshold float64 // normalised edit distance of similar nodes; 0 means 0.3
	MaxTags   int     // tag strings are cut to this many tags; 0 means 1000
	// Largest keeps only the data region whose records hold the most text,
	// a main-region variant of MDR (which reports every region).
	Largest bool
}

func (c Config) withDefaults() Config {
	if c.K == 0 {
		c.K = 3
	}
	if c.Threshold == 0 {
		c.Threshold = 0.3
	}
	if c.MaxTags == 0 {
		c.MaxTags = 1000
	}
	return c
}

// ErrNoDocument is returned for a nil document.
var ErrNoDocument = errors.New("mdr: no document")

type finder struct {
	t       *stm.Tree
	cfg     Config
	a, b    []uint64 // tag string buffers
	row     []int    // edit distance row buffers
	prev    []int
	regions [][][]int32 // data regions, each a list of records (child runs)
}

// Extract returns the records of every data region of doc.
func Extract(doc *html.Node, cfg Config) ([]crawl.Record, error) {
	if doc == nil {
		return nil, ErrNoDocument
	}
	opts := stm.DefaultOptions()
	opts.DropTags = append(opts.DropTags, "head", "svg")
	f := &finder{t: stm.Build(doc, opts), cfg: cfg.withDefaults()}
	if f.t.Len() > 0 {
		f.find(0)
	}
	regions := f.regions
	if f.cfg.Largest && len(regions) > 1 {
		best, most := 0, -1
		for i, r := range regions {
			if n := f.textOf(r); n > most {
				best, most = i, n
			}
		}
		regions = regions[best : best+1]
	}
	var out []crawl.Record
	for _, rec := range concat(regions) {
		nodes := make([]*html.Node, len(rec))
		for i, n := range rec {
			nodes[i] = f.t.Node[n]
		}
		fs := extraction.RecordFields(nodes)
		if len(fs) == 0 {
			continue
		}
		out = append(out, crawl.Record{Index: len(out), Fields: fs})
	}
	return out, nil
}

// find searches node i's element children for data regions and recurses
// into the children no region covers.
func (f *finder) find(i int) {
	var kids []int32
	for _, c := range f.t.Children(i) {
		if f.t.Label[c] != stm.TextLabel {
			kids = append(kids, c)
		}
	}
	covered := make([]bool, len(kids))
	for start := 0; start < len(kids); {
		k, s, n := f.bestRegion(kids, start)
		if n == 0 {
			break
		}
		var recs [][]int32
		for g := 0; g < n; g++ {
			recs = append(recs, kids[s+g*k:s+(g+1)*k])
			for j := s + g*k; j < s+(g+1)*k; j++ {
				covered[j] = true
			}
		}
		f.regions = append(f.regions, recs)
		start = s + n*k
	}
	for j, c := range kids {
		if !covered[j] {
			f.find(int(c))
		}
	}
}

// bestRegion returns the region among kids[from:] covering the most
// children: generalized-node length k, first child s and number of nodes n
// (n = 0 when there is none).
func (f *finder) bestRegion(kids []int32, from int) (bk, bs, bn int) {
	bestCover := 0
	for k := 1; k <= f.cfg.K; k++ {
		for off := 0; off < k; off++ {
			s, n := -1, 0
			for g := from + off; g+2*k <= len(kids); g += k {
				if f.similar(kids[g:g+k], kids[g+k:g+2*k]) {
					if n == 0 {
						s, n = g, 2
					} else {
						n++
					}
				} else if n > 0 {
					break
				}
			}
			if n >= 2 && (n*k > bestCover || n*k == bestCover && s < bs) {
				bk, bs, bn, bestCover = k, s, n, n*k
			}
		}
	}
	return bk, bs, bn
}

// similar compares two generalized nodes by the normalised edit distance
// of their tag strings.
func (f *finder) similar(x, y []int32) bool {
	f.a = f.tags(f.a[:0], x)
	f.b = f.tags(f.b[:0], y)
	la, lb := len(f.a), len(f.b)
	avg := float64(la+lb) / 2
	if avg == 0 {
		return false
	}
	if d := la - lb; float64(max(d, -d))/avg > f.cfg.Threshold {
		return false
	}
	return float64(f.edit(f.a, f.b))/avg <= f.cfg.Threshold
}

func (f *finder) tags(buf []uint64, run []int32) []uint64 {
	for _, r := range run {
		end := int(r) + int(f.t.Size[r])
		for j := int(r); j < end && len(buf) < f.cfg.MaxTags; j++ {
			if l := f.t.Label[j]; l != stm.TextLabel {
				buf = append(buf, l)
			}
		}
	}
	return buf
}

// edit is the Levenshtein distance of a and b with two reused rows.
func (f *finder) edit(a, b []uint64) int {
	if cap(f.row) < len(b)+1 {
		f.row, f.prev = make([]int, len(b)+1), make([]int, len(b)+1)
	}
	prev, row := f.prev[:len(b)+1], f.row[:len(b)+1]
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		row[0] = i
		for j := 1; j <= len(b); j++ {
			c := prev[j-1]
			if a[i-1] != b[j-1] {
				c++
			}
			row[j] = min(c, prev[j]+1, row[j-1]+1)
		}
		prev, row = row, prev
	}
	return prev[len(b)]
}

func concat(regions [][][]int32) [][]int32 {
	var out [][]int32
	for _, r := range regions {
		out = append(out, r...)
	}
	return out
}

// textOf counts the text bytes under a region's records.
func (f *finder) textOf(recs [][]int32) int {
	n := 0
	for _, rec := range recs {
		for _, r := range rec {
			for j := int(r); j < int(r)+int(f.t.Size[r]); j++ {
				if f.t.Label[j] == stm.TextLabel {
					n += len(f.t.Node[j].Data)
				}
			}
		}
	}
	return n
}
