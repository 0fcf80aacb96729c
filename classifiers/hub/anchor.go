package hub

import (
	"errors"
	"fmt"
	"math"
	"unicode/utf8"
)

// AnchorLayer weighs a link's anchor text against the URL SVM's decision
// value. A crawler knows the anchor of every link it finds, and the anchor
// says what the URL cannot: a headline ("Bubonic Plague Closes Utah
// Campground") leads to an article, a word or two ("Business") to a
// section, whatever the URL looks like. The URL SVM cannot learn that
// from URL lists without anchors, and its anchor feature (①) only counts
// when the training URLs carry anchors; the layer is fitted afterwards, on
// separate labelled links, so it needs far fewer of them:
//
//	z = URL·d + Length·log2(1 + runes(anchor)) + Bias
//
// where d is the SVM's decision value (positive for hub); the link is a hub
// when z > 0, and P(hub) = 1/(1+e^−z). Links without anchor text keep the
// SVM's label and score.
type AnchorLayer struct {
	URL    float64 `json:"url"`    // weight of the SVM decision value
	Length float64 `json:"length"` // weight of log2(1 + anchor length in runes)
	Bias   float64 `json:"bias"`
	Links  int     `json:"links"` // anchored links it was fitted on
	Hubs   int     `json:"hubs"`  // hubs among them
}

// anchorLength is the layer's anchor feature: log2(1 + length in runes).
// Lengths spread over two orders of magnitude (section names of a few
// runes, headlines of 30 to 100), and a headline's exact length says little.
func anchorLength(anchor string) float64 {
	return math.Log2(1 + float64(utf8.RuneCountInString(anchor)))
}

// logit returns z for a link whose URL has decision value d.
func (l *AnchorLayer) logit(d float64, anchor string) float64 {
	return l.URL*d + l.Length*anchorLength(anchor) + l.Bias
}

// anchorRidge is the L2 penalty on the two weights (not the bias), in units
// of one link's log-loss: it keeps them finite when the links are separable
// and is negligible next to a few hundred links.
const anchorRidge = 1.0

// ErrNoAnchors is returned by WithAnchorLayer when the links with anchor
// text do not hold both classes.
var ErrNoAnchors = errors.New("hub: anchor layer needs hub and topic links with anchor text")

// WithAnchorLayer returns a copy of c with an AnchorLayer fitted on links
// (labelled links with anchor text; links without anchor are skipped, and
// skipped reports how many) by L2-regularised logistic regression, solved
// by Newton's method. The links should come from sites and URLs that c was
// not trained on: on its own training URLs the SVM's decision values are
// more confident than on new ones, and the layer would learn to trust them
// too much.
func (c *Classifier) WithAnchorLayer(links []Example) (out *Classifier, skipped int, err error) {
	var xs [][3]float64
	var ys []float64
	hubs := 0
	for _, e := range links {
		if e.Anchor == "" {
			skipped++
			continue
		}
		xs = append(xs, [3]float64{c.Decision(e.URLInfo), anchorLength(e.Anchor), 1})
		y := -1.0
		if e.Hub {
			y, hubs = 1, hubs+1
		}
		ys = append(ys, y)
	}
	if hubs == 0 || hubs == len(xs) {
		return nil, skipped, fmt.Errorf("%w (%d anchored links, %d hubs)", ErrNoAnchors, len(xs), hubs)
	}
	w, err := fitLogistic(xs, ys, anchorRidge)
	if err != nil {
		return nil, skipped, err
	}
	cp := *c
	cp.anchor = &AnchorLayer{URL: w[0], Length: w[1], Bias: w[2], Links: len(xs), Hubs: hubs}
	return &cp, skipped, nil
}

// Anchor returns the classifier's anchor layer, nil when it has none.
func (c *Classifier) Anchor() *AnchorLayer { return c.anchor }

// fitLogistic minimises Σ log(1 + e^(−y·w·x)) + ridge/2·(w0² + w1²) over w
// (x's last coordinate is the constant 1, its weight unpenalised) by
// Newton's method with step halving, which converges in a few iterations
// on three weights.
func fitLogistic(xs [][3]float64, ys []float64, ridge float64) ([3]float64, error) {
	var w [3]float64
	loss := func(w [3]float64) float64 {
		s := ridge / 2 * (w[0]*w[0] + w[1]*w[1])
		for i, x := range xs {
			m := ys[i] * (w[0]*x[0] + w[1]*x[1] + w[2]*x[2])
			s += softplus(-m)
		}
		return s
	}
	cur := loss(w)
	for range 100 {
		var g [3]float64
		var h [3][3]float64
		g[0], g[1] = ridge*w[0], ridge*w[1]
		h[0][0], h[1][1] = ridge, ridge
		for i, x := range xs {
			z := w[0]*x[0] + w[1]*x[1] + w[2]*x[2]
			p := 1 / (1 + math.Exp(-z)) // P(y = +1)
			t := (1 + ys[i]) / 2
			for a := range 3 {
				g[a] += (p - t) * x[a]
				for b := range 3 {
					h[a][b] += p * (1 - p) * x[a] * x[b]
				}
			}
		}
		step, ok := solve3(h, g)
		if !ok {
			return w, errors.New("hub: anchor layer: singular Hessian")
		}
		next, nextLoss := w, cur
		for scale := 1.0; scale > 1e-10; scale /= 2 {
			for a := range 3 {
				next[a] = w[a] - scale*step[a]
			}
			if nextLoss = loss(next); nextLoss <= cur {
				break
			}
		}
		if nextLoss > cur {
			break // no descent left: at the minimum to rounding
		}
		done := math.Abs(cur-nextLoss) <= 1e-12*(1+math.Abs(cur))
		w, cur = next, nextLoss
		if done {
			break
		}
	}
	for _, v := range w {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return w, errors.New("hub: anchor layer: the fit did not converge")
		}
	}
	return w, nil
}

// softplus returns log(1 + e^x) without overflow.
func softplus(x float64) float64 {
	if x > 0 {
		return x + math.Log1p(math.Exp(-x))
	}
	return math.Log1p(math.Exp(x))
}

// solve3 solves h·s = g for a symmetric positive definite 3×3 h by Gaussian
// elimination with partial pivoting.
func solve3(h [3][3]float64, g [3]float64) ([3]float64, bool) {
	a := [3][4]float64{}
	for i := range 3 {
		a[i] = [4]float64{h[i][0], h[i][1], h[i][2], g[i]}
	}
	for col := range 3 {
		piv := col
		for r := col + 1; r < 3; r++ {
			if math.Abs(a[r][col]) > math.Abs(a[piv][col]) {
				piv = r
			}
		}
		if a[piv][col] == 0 || math.IsNaN(a[piv][col]) {
			return [3]float64{}, false
		}
		a[col], a[piv] = a[piv], a[col]
		for r := col + 1; r < 3; r++ {
			f := a[r][col] / a[col][col]
			for k := col; k < 4; k++ {
				a[r][k] -= f * a[col][k]
			}
		}
	}
	var s [3]float64
	for i := 2; i >= 0; i-- {
		v := a[i][3]
		for k := i + 1; k < 3; k++ {
			v -= a[i][k] * s[k]
		}
		s[i] = v / a[i][i]
	}
	return s, true
}
