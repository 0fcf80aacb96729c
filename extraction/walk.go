package extraction

import (
	"strings"

	"github.com/crawl-project/crawl/extraction/stm"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// walk is page.reset's one pass over the DOM: it copies the nodes the
// page keeps into its compact tree (what stm.Tree.Rebuild with pageDrop
// and the hidden check as Skip keeps, in the same pre-order) and, node
// by node, measures and notes what the later steps read, so that none of
// them passes over every node again:
//   - a text node's trimmed length, measured once (it also tells whether
//     the node is kept), summed with tags and imgs in one pass back over
//     the tree after it (summing as the walk leaves each subtree kept
//     six arrays live in the loop and cost more);
//   - the candidates of markCode (pre, the monospace elements, tables),
//     the landmarks (landmarkOf, its role read in the hidden check's
//     loop over the attributes), the headings and the links with an
//     empty href (a self link when it holds text, reset tells), each in
//     document order.
//
// It reports false when the page has more than maxNodes kept nodes
// (maxNodes > 0); the tree is then empty and Truncated, as Rebuild
// leaves it.
func (p *page) walk(doc *html.Node, maxNodes int) bool {
	t := p.t
	t.Rebuild(nil, stm.Options{}) // emptied, its buffers kept
	var w nodeCols
	w.take(p)
	label, par, nodes, text := w.label, w.par, w.nodes, w.text
	// the notes are appended to p's slices, not locals: they are rare,
	// and the loop's registers hold the columns
	p.codes, p.marks, p.blank, p.headings = p.codes[:0], p.marks[:0], p.blank[:0], p.headings[:0]
	cur := int32(-1) // the open element the walk is in
	n := int32(0)    // nodes kept so far
	room := w.room(maxNodes)
	ok := true
	for c := doc; c != nil; {
		keep, own := true, int32(0)
		var l uint64
		switch c.Type {
		case html.TextNode:
			// trimmedLen, without the call (and the registers it
			// spills) for a text of ASCII spaces only (the white space
			// between tags) and one with no ASCII space at either end
			d := c.Data
			i := 0
			for i < len(d) && byteKind[d[i]] == spaceByte {
				i++
			}
			switch {
			case i == len(d):
				own = 0
			case i == 0 && byteKind[d[0]] == plainByte && byteKind[d[len(d)-1]] == plainByte:
				own = int32(len(d))
			default: // d[:i] is white space, which trimming cuts
				own = int32(trimmedLen(d[i:]))
			}
			keep, l = own > 0, stm.TextLabel
		case html.ElementNode:
			var kind int
			var blankHref bool
			if len(c.Attr) == 0 { // keepElement without attributes, inline
				switch c.DataAtom {
				case atom.Script, atom.Style, atom.Noscript, atom.Select, atom.Template, atom.Iframe, atom.Head, atom.Svg:
					keep = false
				case atom.Img:
					own = imgContent
				case atom.Nav, atom.Header, atom.Footer:
					kind = frameLandmark
				case atom.Main:
					kind = mainLandmark
				}
			} else {
				own, kind, blankHref, keep = p.keepElement(c)
			}
			if keep {
				l = uint64(c.DataAtom)
				switch c.DataAtom {
				case 0:
					l = stm.LabelOf(c)
				case atom.Pre, atom.Code, atom.Tt, atom.Kbd, atom.Samp, atom.Table:
					p.codes = append(p.codes, n)
				case atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6:
					p.headings = append(p.headings, n)
				case atom.A:
					if blankHref {
						p.blank = append(p.blank, n)
					}
				}
				if kind != noLandmark {
					p.marks = append(p.marks, mark{n, int32(kind)})
				}
			}
		case html.DocumentNode:
			l = stm.DocLabel
		default:
			keep = false
		}
		if keep {
			if int(n) >= room { // one test: the columns full, or maxNodes reached
				if maxNodes > 0 && int(n) >= maxNodes {
					ok = false
					break
				}
				w = nodeCols{label, par, nodes, text}
				w.grow() // every column at once
				label, par, nodes, text = w.label, w.par, w.nodes, w.text
				room = w.room(maxNodes)
			}
			label[n], par[n], nodes[n], text[n] = l, cur, c, own
			idx := n
			n++
			if c.FirstChild != nil && c.Type != html.TextNode {
				cur = idx
				c = c.FirstChild
				continue
			}
		}
		// the next node: a sibling, or one of an ancestor the walk
		// leaves (each one the open element: only kept nodes are
		// entered)
		for {
			if c == doc {
				c = nil
				break
			}
			if c.NextSibling != nil {
				c = c.NextSibling
				break
			}
			c = c.Parent
			cur = par[cur]
		}
	}
	t.Label, t.Parent, t.Node = label[:n], par[:n], nodes[:n]
	p.text = text[:n]
	p.tags, p.imgs = resize(p.tags, int(n)), resize(p.imgs, int(n))
	if !ok {
		t.Rebuild(nil, stm.Options{})
		t.Truncated = true
		return false
	}
	t.Link()
	// the sums, from the last node back: a node's descendants come
	// after it
	text, tags, imgs := p.text, p.tags[:n], p.imgs[:n]
	label, par = t.Label[:n], t.Parent[:n]
	for i := n - 1; i >= 0; i-- {
		switch label[i] {
		case stm.TextLabel:
		case uint64(atom.Img): // its imgContent in text already
			tags[i]++
			imgs[i]++
		default:
			tags[i]++
		}
		if q := par[i]; uint(q) < uint(i) {
			text[q] += text[i]
			tags[q] += tags[i]
			imgs[q] += imgs[i]
		}
	}
	return true
}

// nodeCols are the per-node arrays walk fills, each at its full capacity
// (one test of room a node instead of six appends).
type nodeCols struct {
	label []uint64
	par   []int32
	nodes []*html.Node
	text  []int32 // a text's trimmed length
}

// take starts the columns from p's arrays, of their common capacity.
func (w *nodeCols) take(p *page) {
	t := p.t
	k := min(cap(t.Label), cap(t.Parent), cap(t.Node), cap(p.text))
	*w = nodeCols{t.Label[:k], t.Parent[:k], t.Node[:k], p.text[:k]}
}

// room is how many nodes the walk may keep before its next test: the
// columns' length, or maxNodes when that is less (maxNodes > 0).
func (w *nodeCols) room(maxNodes int) int {
	if maxNodes > 0 {
		return min(len(w.label), maxNodes)
	}
	return len(w.label)
}

// grow doubles the columns' length, keeping their contents.
func (w *nodeCols) grow() {
	k := max(2*len(w.label), 1024)
	w.label = append(w.label, make([]uint64, k-len(w.label))...)
	w.par = append(w.par, make([]int32, k-len(w.par))...)
	w.nodes = append(w.nodes, make([]*html.Node, k-len(w.nodes))...)
	w.text = append(w.text, make([]int32, k-len(w.text))...)
}

// mark is a landmark the walk met: its node and landmarkOf's kind.
type mark struct{ node, kind int32 }

// keepElement reports whether the page's tree keeps element c (not one
// of pageDrop's elements nor a hidden one: what Rebuild keeps with those
// options; walk keeps non-blank text and the document node, and drops
// comments), and for a kept one its own content (an image's imgContent),
// landmarkOf's kind and whether it is a link with a blank href
// (a self link when it holds visible text, measured once the walk is
// done: an empty link around a picture is no entry).
func (p *page) keepElement(c *html.Node) (own int32, kind int, blank, keep bool) {
	switch c.DataAtom {
	case atom.Script, atom.Style, atom.Noscript, atom.Select, atom.Template, atom.Iframe, atom.Head, atom.Svg:
		return 0, noLandmark, false, false
	case atom.Img:
		own = imgContent
	}
	// the hidden check (classCache.hidden), and in the same loop the
	// first role and href attributes (landmarkOf, the self links)
	role, href := false, false
	var roleVal string
	for i := range c.Attr {
		a := &c.Attr[i] // not a copy of its three strings
		switch a.Key {
		case "hidden":
			return 0, noLandmark, false, false
		case "class":
			if p.classes.hasHiddenClass(a.Val) {
				return 0, noLandmark, false, false
			}
		case "style":
			if styleHides(a.Val) {
				return 0, noLandmark, false, false
			}
		case "role":
			if !role && a.Namespace == "" {
				role, roleVal = true, a.Val
			}
		case "href":
			if !href && a.Namespace == "" {
				href = true
				if c.DataAtom == atom.A && blankValue(a.Val) {
					blank = true
				}
			}
		}
	}
	switch c.DataAtom {
	case atom.Nav, atom.Header, atom.Footer:
		return own, frameLandmark, blank, true
	case atom.Main:
		return own, mainLandmark, blank, true
	}
	if role {
		switch strings.TrimSpace(roleVal) {
		case "navigation", "banner", "contentinfo":
			return own, frameLandmark, blank, true
		case "main":
			return own, mainLandmark, blank, true
		}
	}
	return own, noLandmark, blank, true
}

// blankValue reports whether strings.TrimSpace(v) == "": at once for a
// value that opens with an ASCII byte that is not white space (nearly
// every href), by strings.TrimSpace for others.
func blankValue(v string) bool {
	if len(v) > 0 && byteKind[v[0]] == plainByte {
		return false
	}
	return strings.TrimSpace(v) == ""
}
