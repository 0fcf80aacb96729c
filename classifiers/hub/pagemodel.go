package hub

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
)

// PageModel is the page-evidence classifier: a logistic regression over
// the standardised Evidence features, P(hub) = 1/(1 + e^−(w·z + b)).
type PageModel struct {
	Format string                   `json:"format"` // "crawl-hub-page/20"
	Mean   [numEvidence]float64     `json:"mean"`
	Std    [numEvidence]float64     `json:"std"`
	W      [numEvidence + 1]float64 `json:"w"`     // weights, then the bias
	Block  BlockRule                `json:"block"` // the list-page rule
	Info   string                   `json:"info"`  // what it was trained on
}

// BlockRule is the second evidence score, for list pages laid out as
// repeated blocks (news and shop lists, search results) that the
// regression, fitted on documentation sites, does not see: a page with at
// least Share of its main-content text in the largest run of repeated
// blocks that lead to another page (Evidence.BlockRun, block.go) and at
// least Links links is a hub. Share 0 turns the rule off. When BlockRun is
// the sum of several runs of term blocks of one kind (Evidence.TermRun: an
// API page's members listed by kind, one run per kind), the share it needs
// is TermShare (when not 0): one run is a list, while runs that are only
// as long as a list summed are sections of a page that describes one
// thing, a hub at the labels' half of the text.
type BlockRule struct {
	Share     float64 `json:"share"`
	Links     int     `json:"links"`
	TermShare float64 `json:"term_share,omitempty"`
}

// Holds reports whether the rule calls a page with evidence e a hub.
func (r BlockRule) Holds(e Evidence) bool {
	if r.Share <= 0 || e.Links < r.Links {
		return false
	}
	text := float64(e.Text + e.Anchor + 1)
	if r.TermShare > 0 && e.TermRun > 0 {
		return float64(e.TermRun) >= r.TermShare*text
	}
	return float64(e.BlockRun) >= r.Share*text
}

// pageModelFormat names the JSON form; /1 had three features (no entry
// share), /2 no block rule, /3 a block rule over all repeated blocks (and
// entries without the size bound of scope.go), /4 entry shares without
// rows of sibling cells, names before links and the rules for a page's own
// members (rows.go, entry.go, scope.go), /5 index entries counted when
// they lead into 3 pages (now 8) and runs of blocks whatever share of them
// leads (now half, scope.go), /6 no entries led by a heading's link (a
// term block, entry.go), rows only of distinct cells (now the first cell
// once, rows.go) and the largest run alone (now also the runs of term
// blocks of one kind summed, scope.go), /7 rows led by a name before a
// link to a page counted in tables of any length (now three rows or more,
// names.go), articles and elements named the content left out when their
// class names furniture (now kept, content.go) and no share of its own for
// summed runs of term blocks (now BlockRule.TermShare, Evidence.TermRun),
// /8 entries nested in an entry led by a name of that entry's kind (now
// their own, scope.go), every name before a link to a place an index term
// (now not when consecutive such entries share it: a kind label,
// scope.go), /9 an element named furniture left out whole when it holds
// the page's main content (now walked, its children judged on their own:
// content.go), /10 lines of preformatted text never entries (now a line
// led by a link is one: prelines.go) and a paragraph after a one-item list
// no part of its entry (now its description: described.go), /11 lines of
// a paragraph separated by <br> never entries (now a line led by a link is
// one, as a pre's: prelines.go), /12 lines of a pre or such a paragraph
// led by a name before a link to a place never entries (now index entries
// led by their link: prelines.go), /13 a run of blocks that all lead by
// one link a list (now none: block.go) and a repeated block holding a
// row's cells no entry (now one, as a tr: rows.go), /14 a navigation
// region around a link to the page itself counted as content (now left
// out: selfnav.go) and an entry led by a link to a place in the page the
// previous entry led to an index entry (now that page's entry: scope.go)
// and a paragraph of links each ending with a <br> one text (now split
// into lines at them, in an entry too: prelines.go), /15 an operator's
// name in a table cell of its own before a link to a place a list marker
// (now an index term: marker.go cellName), /16 a pre's line led by a
// declaration's keyword before a link to a page nothing (now an entry:
// prelines.go declKeyword), /17 an li, dt or div led by a declaration's
// keyword in code before a link to a page a name's entry or nothing (now
// an entry counted whole: entry.go declLead) and a header holding the
// page's title furniture (now text: evidence.go ownHeader), /18 a block
// led by code before its first link, a member's declaration ("method m :
// <a>t</a>", "inherit <a>c</a>"), a block of a run (now none unless the
// code is a declaration's keyword that goes on after its link, or runs
// into the link: block.go codeLabel), /19 index entries led by a link
// counted only when they lead into minIndexTargets pages (now also on a
// page holding an index's letter heading: letters.go) and a name that
// consecutive entries share before a link to a place a kind label however
// much prose follows (now, outside a cell of its own, the entry counts only
// when it holds little more than the label and links: scope.go
// openEntry); none is read.
const pageModelFormat = "crawl-hub-page/20"

// Prob returns P(hub) of a page with evidence e: the regression's, at
// least 0.5 (a hub) when the block rule holds.
func (m *PageModel) Prob(e Evidence) float64 {
	x := e.Features()
	z := m.W[numEvidence]
	for i, v := range x {
		z += m.W[i] * (v - m.Mean[i]) / m.Std[i]
	}
	p := 1 / (1 + math.Exp(-z))
	if p < 0.5 && m.Block.Holds(e) {
		return 0.5
	}
	return p
}

// TrainPageModel fits a PageModel on labelled pages' evidence with an L2
// penalty ridge on the weights (not the bias), by Newton's method.
func TrainPageModel(pages []Evidence, hub []bool, ridge float64, info string) (*PageModel, error) {
	if len(pages) != len(hub) || len(pages) == 0 {
		return nil, fmt.Errorf("hub: page model: %d pages, %d labels", len(pages), len(hub))
	}
	n := 0
	for _, h := range hub {
		if h {
			n++
		}
	}
	if n == 0 || n == len(hub) {
		return nil, errors.New("hub: page model: training needs hub and topic pages")
	}
	m := &PageModel{Format: pageModelFormat, Info: info}
	xs := make([][numEvidence]float64, len(pages))
	for i, e := range pages {
		xs[i] = e.Features()
		for k, v := range xs[i] {
			m.Mean[k] += v
		}
	}
	for k := range m.Mean {
		m.Mean[k] /= float64(len(xs))
	}
	for _, x := range xs {
		for k, v := range x {
			m.Std[k] += (v - m.Mean[k]) * (v - m.Mean[k])
		}
	}
	for k := range m.Std {
		m.Std[k] = math.Sqrt(m.Std[k]/float64(len(xs))) + 1e-9
	}
	rows := make([][]float64, len(xs))
	ys := make([]float64, len(xs))
	for i, x := range xs {
		r := make([]float64, numEvidence+1)
		for k, v := range x {
			r[k] = (v - m.Mean[k]) / m.Std[k]
		}
		r[numEvidence] = 1
		rows[i] = r
		ys[i] = -1
		if hub[i] {
			ys[i] = 1
		}
	}
	w, err := fitLogisticN(rows, ys, ridge)
	if err != nil {
		return nil, fmt.Errorf("hub: page model: %w", err)
	}
	copy(m.W[:], w)
	return m, nil
}

// fitLogisticN minimises Σ log(1 + e^(−y·w·x)) + ridge/2·Σ_{k<last} w_k²
// (x's last coordinate is the constant 1) by Newton's method with step
// halving.
func fitLogisticN(xs [][]float64, ys []float64, ridge float64) ([]float64, error) {
	d := len(xs[0])
	w := make([]float64, d)
	loss := func(w []float64) float64 {
		var s float64
		for k := range d - 1 {
			s += ridge / 2 * w[k] * w[k]
		}
		for i, x := range xs {
			s += softplus(-ys[i] * dot(w, x))
		}
		return s
	}
	cur := loss(w)
	next := make([]float64, d)
	for range 100 {
		g := make([]float64, d)
		h := make([][]float64, d)
		for a := range h {
			h[a] = make([]float64, d)
			if a < d-1 {
				g[a], h[a][a] = ridge*w[a], ridge
			}
		}
		for i, x := range xs {
			p := 1 / (1 + math.Exp(-dot(w, x)))
			t := (1 + ys[i]) / 2
			for a := range d {
				g[a] += (p - t) * x[a]
				for b := range d {
					h[a][b] += p * (1 - p) * x[a] * x[b]
				}
			}
		}
		for a := range d {
			h[a][a] += 1e-9 // keeps the bias row solvable on separable data
		}
		step, ok := solveN(h, g)
		if !ok {
			return nil, errors.New("singular Hessian")
		}
		nextLoss := cur
		for scale := 1.0; scale > 1e-10; scale /= 2 {
			for a := range d {
				next[a] = w[a] - scale*step[a]
			}
			if nextLoss = loss(next); nextLoss <= cur {
				break
			}
		}
		if nextLoss > cur {
			break
		}
		done := math.Abs(cur-nextLoss) <= 1e-12*(1+math.Abs(cur))
		copy(w, next)
		cur = nextLoss
		if done {
			break
		}
	}
	for _, v := range w {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return nil, errors.New("the fit did not converge")
		}
	}
	return w, nil
}

func dot(a, b []float64) float64 {
	var s float64
	for i := range a {
		s += a[i] * b[i]
	}
	return s
}

// solveN solves h·s = g by Gaussian elimination with partial pivoting.
func solveN(h [][]float64, g []float64) ([]float64, bool) {
	n := len(g)
	a := make([][]float64, n)
	for i := range a {
		a[i] = append(append([]float64(nil), h[i]...), g[i])
	}
	for c := range n {
		p := c
		for r := c + 1; r < n; r++ {
			if math.Abs(a[r][c]) > math.Abs(a[p][c]) {
				p = r
			}
		}
		if math.Abs(a[p][c]) < 1e-300 {
			return nil, false
		}
		a[c], a[p] = a[p], a[c]
		for r := c + 1; r < n; r++ {
			f := a[r][c] / a[c][c]
			for k := c; k <= n; k++ {
				a[r][k] -= f * a[c][k]
			}
		}
	}
	s := make([]float64, n)
	for r := n - 1; r >= 0; r-- {
		v := a[r][n]
		for k := r + 1; k < n; k++ {
			v -= a[r][k] * s[k]
		}
		s[r] = v / a[r][r]
	}
	return s, true
}

// MarshalPageModel returns the JSON form of m.
func MarshalPageModel(m *PageModel) ([]byte, error) { return json.MarshalIndent(m, "", "  ") }

// ParsePageModel reads a PageModel from its JSON form, checking the format
// and that every number is finite and every deviation positive.
func ParsePageModel(b []byte) (*PageModel, error) {
	var m PageModel
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, fmt.Errorf("hub: page model: %w", err)
	}
	if m.Format != pageModelFormat {
		return nil, fmt.Errorf("hub: page model: format %q, want %q", m.Format, pageModelFormat)
	}
	for i := range numEvidence {
		if !finite(m.Mean[i]) || !finite(m.Std[i]) || m.Std[i] <= 0 {
			return nil, fmt.Errorf("hub: page model: feature %d: mean %v, std %v", i, m.Mean[i], m.Std[i])
		}
	}
	for i, w := range m.W {
		if !finite(w) {
			return nil, fmt.Errorf("hub: page model: weight %d is %v", i, w)
		}
	}
	if !(m.Block.Share >= 0 && m.Block.Share <= 1) || m.Block.Links < 0 || !(m.Block.TermShare >= 0 && m.Block.TermShare <= 1) {
		return nil, fmt.Errorf("hub: page model: block rule share %v, links %d, term share %v: want shares in [0, 1] and links ≥ 0",
			m.Block.Share, m.Block.Links, m.Block.TermShare)
	}
	return &m, nil
}

func finite(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }

// DefaultPageModel returns the page model shipped in
// model/page-evidence.json (README.md: how it was trained).
func DefaultPageModel() (*PageModel, error) {
	b, err := defaultModel.ReadFile("model/page-evidence.json")
	if err != nil {
		return nil, fmt.Errorf("hub: page model: %w", err)
	}
	return ParsePageModel(b)
}
