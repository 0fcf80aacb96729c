package fpc

import (
	"math/bits"
	"slices"
)

// commonTags are the HTML element names the layered-vector index keeps in
// its dense, bitmask-addressed part: bit i of a layer's mask is tag
// commonTags[i]. The list is the HTML standard's everyday elements, fixed
// in the code so that every page and every centre in every process uses
// the same bit for the same tag. Other tags (rarer elements, custom and
// SVG ones) are compared exactly through a small sorted list. The order is
// how many layers of the 42 testdata pages hold the tag, most first, so
// that a layer's dense form, as wide as its highest bit, is short (a speed
// choice only: the similarity does not depend on the order).
var commonTags = [64]string{
	"div", "a", "span", "ul", "li", "script", "img", "p",
	"input", "iframe", "table", "tbody", "td", "tr", "form", "br",
	"b", "h2", "h1", "strong", "h3", "title", "body", "head",
	"meta", "link", "html", "style", "button", "i", "section", "label",
	"noscript", "nav", "footer", "h4", "header", "select", "option", "em",
	"font", "ol", "hr", "small", "h5", "svg", "article", "main",
	"pre", "h6", "dl", "dt", "dd", "th", "thead", "tfoot",
	"u", "center", "aside", "figure", "textarea", "blockquote", "sup", "time",
}

// commonTagSlots is an open-addressing table from a tag hash to its bit
// in commonTags (slot: the hash's low bits, then the next ones), faster
// than a map for the one lookup per tag and layer that index makes.
var commonTagSlots = func() (t [256]struct {
	hash uint64
	bit  uint8
	used bool
}) {
	for i, name := range commonTags {
		h := hashString(name)
		k := h & 255
		for t[k].used {
			k = (k + 1) & 255
		}
		t[k].hash, t[k].bit, t[k].used = h, uint8(i), true
	}
	return t
}()

// commonTagBit returns the bit of tag hash h, if it is a common tag.
func commonTagBit(h uint64) (uint8, bool) {
	for k := h & 255; commonTagSlots[k].used; k = (k + 1) & 255 {
		if commonTagSlots[k].hash == h {
			return commonTagSlots[k].bit, true
		}
	}
	return 0, false
}

// layerIndex is the layered vector in the form the similarity reads, in
// two compact arrays. Per depth d, heads[d].mask says which of the
// commonTags the layer has; their unit-length weights are packed in bit
// order in w[heads[d].off:heads[d+1].off] and laid out by bit from
// w[heads[d].dense], as wide as the mask's highest bit (float32: the
// cosines keep about seven digits). The other tags are one list sorted by
// (depth, tag). The sum of the per-layer cosines is then one straight loop
// over the packed weights of each run of consecutive depths where the two
// pages have the same tags (the usual case between pages of one template:
// layer after layer the packed weights line up), and at a depth where
// they differ a loop over the common bits of the two masks that reads both
// weights by bit; plus a merge of the rare lists, which are usually empty.
// No maps, no comparisons of tag hashes.
type layerIndex struct {
	heads []layerHead // one per depth, and a last one that ends the weights
	w     []float32
	rare  []tagFreq // Tag: the depth in the top 8 bits, the tag hash's low 56 below (flatTagMask)
}

type layerHead struct {
	mask       uint64
	off, dense int32
}

// flatTagMask keeps the low 56 bits of a tag hash in a rare entry's key,
// under its depth (two rare tags of one layer share a key with probability
// 2⁻⁵⁶; they would be added together).
const flatTagMask = 1<<56 - 1

// index builds f.layers from f.Layers.
func (f *Features) index() {
	n := len(f.Layers)
	x := f.layers // a re-derived centre's: its arrays are reused
	x.heads = slices.Grow(x.heads[:0], n+1)[:n+1]
	x.rare = x.rare[:0]
	packed, dense := 0, 0
	for d, layer := range f.Layers {
		var mask uint64
		for _, tf := range layer {
			if b, ok := commonTagBit(tf.Tag); ok {
				mask |= 1 << b
			} else {
				x.rare = append(x.rare, tagFreq{uint64(d)<<56 | tf.Tag&flatTagMask, tf.Freq})
			}
		}
		x.heads[d] = layerHead{mask, int32(packed), int32(dense)}
		packed += bits.OnesCount64(mask)
		dense += bits.Len64(mask)
	}
	x.heads[n] = layerHead{0, int32(packed), int32(dense)}
	x.w = slices.Grow(x.w[:0], packed+dense)[:packed+dense]
	clear(x.w)
	for d, layer := range f.Layers {
		h := &x.heads[d]
		h.dense += int32(packed)
		for _, tf := range layer {
			if b, ok := commonTagBit(tf.Tag); ok {
				x.w[int(h.dense)+int(b)] = float32(tf.Freq)
			}
		}
		p := x.w[h.off:]
		for m, k := h.mask, 0; m != 0; m, k = m&(m-1), k+1 {
			p[k] = x.w[int(h.dense)+bits.TrailingZeros64(m)]
		}
	}
	x.heads[n].dense += int32(packed)
	slices.SortFunc(x.rare, func(a, b tagFreq) int { return cmpU64(a.Tag, b.Tag) })
	out := x.rare[:0]
	for _, e := range x.rare {
		if len(out) > 0 && out[len(out)-1].Tag == e.Tag {
			out[len(out)-1].Freq += e.Freq
			continue
		}
		out = append(out, e)
	}
	x.rare = out
	f.layers = x
}

// layerDot is Σ over the depths both sides have of the per-layer dot
// products, i.e. of the per-layer cosines of unit-length layers: the
// common tags' part (commonDot) and the rare tags' part.
func layerDot(a, b *layerIndex) float64 {
	s := float64(commonDot(a, b))
	if len(a.rare) > 0 && len(b.rare) > 0 {
		s += cosLayer(a.rare, b.rare) // the same sorted merge: a dot product of sorted sparse vectors
	}
	return s
}

// commonDotGo is the common tags' part of layerDot: runs of depths with
// equal masks as one straight dot of the packed weights in eight sums (by
// position mod 8 from the run's start; a last group of four in the first
// four), depths with unequal masks through their common bits in two sums
// (alternate bits). commonDot is this, or on amd64 the same steps in
// assembly (layers_amd64.s) with the same sums in the same order: the two
// agree bit for bit (TestCommonDotAsm; the float32 conversions keep the
// compiler from fusing a product and its sum where the CPU has FMA, which
// the assembly does not use). The several sums let consecutive
// additions run without waiting on each other.
func commonDotGo(a, b *layerIndex) float32 {
	ha, hb := a.heads, b.heads
	n := min(len(ha), len(hb)) - 1
	wa, wb := a.w, b.w
	var v [8]float32 // the packed runs' sums
	var t, u float32 // the other products'
	for d := 0; d < n; {
		r := d // a run of equal masks
		for d < n && ha[d].mask == hb[d].mask {
			d++
		}
		if d > r {
			i, j, end := int(ha[r].off), int(hb[r].off), int(ha[d].off)
			for ; i+8 <= end; i, j = i+8, j+8 {
				x, y := wa[i:i+8:i+8], wb[j:j+8:j+8]
				for k := range v {
					v[k] += float32(x[k] * y[k])
				}
			}
			if i+4 <= end {
				x, y := wa[i:i+4:i+4], wb[j:j+4:j+4]
				for k := range 4 {
					v[k] += float32(x[k] * y[k])
				}
				i, j = i+4, j+4
			}
			for ; i < end; i, j = i+1, j+1 {
				t += float32(wa[i] * wb[j])
			}
		}
		for ; d < n; d++ { // a run of unequal masks: the common bits
			x, y := ha[d].mask, hb[d].mask
			if x == y {
				break
			}
			i, j := int(ha[d].dense), int(hb[d].dense)
			for c := x & y; c != 0; {
				k := bits.TrailingZeros64(c)
				c &= c - 1
				t += float32(wa[i+k] * wb[j+k])
				if c == 0 {
					break
				}
				k = bits.TrailingZeros64(c)
				c &= c - 1
				u += float32(wa[i+k] * wb[j+k])
			}
		}
	}
	l0, l1, l2, l3 := v[0]+v[4], v[1]+v[5], v[2]+v[6], v[3]+v[7]
	return (l0 + l2) + (l1 + l3) + t + u
}
