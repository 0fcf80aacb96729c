package stm

import (
	"hash/fnv"
	"slices"
	"strings"

	"github.com/crawl-project/crawl/text"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// Special labels. Element labels are their atom.Atom (a uint32) or, for tags
// without an atom, a hash with bit 63 set, so they never collide with these.
const (
	TextLabel    uint64 = 1 << 62   // every text node
	CommentLabel uint64 = 1<<62 + 1 // comments, when kept
	DocLabel     uint64 = 1<<62 + 2 // the document node
	unknownBit   uint64 = 1 << 63   // set on hashed tag names
	hashMask     uint64 = 1<<62 - 1 // hash bits kept for unknown tags
)

// Options says which nodes Build keeps. The zero value keeps every element
// and non-blank text node and drops comments and doctypes.
type Options struct {
	// DropTags lists tags whose whole subtree is dropped (lower case),
	// e.g. script, style, noscript, select.
	DropTags []string
	// KeepComments keeps comment nodes as CommentLabel leaves.
	KeepComments bool
	// KeepBlankText keeps text nodes holding only white space.
	KeepBlankText bool
	// Skip, when set, drops the whole subtree of every element for which
	// it returns true (hidden elements, say).
	Skip func(*html.Node) bool
	// MaxNodes, when positive, stops Build at that many nodes: the tree
	// is then empty and Truncated is set, so a caller refuses the page
	// without holding a copy of a huge DOM.
	MaxNodes int
}

// DefaultOptions drops script, style, noscript, select, template and
// comments: the interfering nodes paper 004 removes before matching.
func DefaultOptions() Options {
	return Options{DropTags: []string{"script", "style", "noscript", "select", "template", "iframe"}}
}

// Tree is an immutable pre-order copy of a DOM subtree. Node 0 is the root.
type Tree struct {
	Label  []uint64     // label of each node
	Size   []int32      // number of nodes in each node's subtree, itself included
	Parent []int32      // parent index, -1 for the root
	Hash   []uint64     // structural hash: equal hashes mean equal label trees
	Node   []*html.Node // the DOM node each index was built from
	kids   []int32      // children of every node, concatenated
	first  []int32      // kids[first[i]:first[i+1]] are the children of node i
	stack  []frame      // add's work stack, kept for Rebuild
	// Truncated is set when the subtree had more than Options.MaxNodes
	// nodes; the tree is then empty.
	Truncated bool
}

// Len returns the number of nodes.
func (t *Tree) Len() int { return len(t.Label) }

// Children returns the child indices of node i. The slice must not be
// modified.
func (t *Tree) Children(i int) []int32 { return t.kids[t.first[i]:t.first[i+1]] }

// ForestSize is the number of nodes of the subtrees rooted at roots.
func (t *Tree) ForestSize(roots []int32) int {
	n := 0
	for _, r := range roots {
		n += int(t.Size[r])
	}
	return n
}

// LabelOf returns the label Build gives n.
func LabelOf(n *html.Node) uint64 {
	switch n.Type {
	case html.TextNode:
		return TextLabel
	case html.CommentNode:
		return CommentLabel
	case html.DocumentNode:
		return DocLabel
	}
	if n.DataAtom != 0 {
		return uint64(n.DataAtom)
	}
	h := fnv.New64a()
	h.Write([]byte(strings.ToLower(n.Data)))
	return unknownBit | h.Sum64()&hashMask
}

// Build copies the subtree rooted at n. It returns an empty tree (Len 0)
// when n is nil or n itself is dropped by opts.
func Build(n *html.Node, opts Options) *Tree {
	t := &Tree{}
	t.Rebuild(n, opts)
	return t
}

// Rebuild makes t the copy of the subtree rooted at n that Build returns,
// reusing t's slices: a caller building page after page (one per worker)
// allocates nothing once its buffers have reached the largest page's
// size. The previous contents of t are overwritten; slices of t handed out
// earlier (Children) must no longer be used.
func (t *Tree) Rebuild(n *html.Node, opts Options) {
	t.reset()
	if n == nil {
		return
	}
	var dropBuf [8]atom.Atom // a handful: a scan beats a map
	drop := dropBuf[:0]
	var dropNames map[string]bool // tags without an atom, rare
	for _, d := range opts.DropTags {
		if a := atom.Lookup([]byte(d)); a != 0 {
			drop = append(drop, a)
		} else {
			if dropNames == nil {
				dropNames = map[string]bool{}
			}
			dropNames[d] = true
		}
	}
	k := keeper{opts: &opts, drop: drop, dropNames: dropNames}
	for _, a := range drop {
		k.dropBits |= 1 << (a % 64)
	}
	if !k.keep(n) {
		return
	}
	if cap(t.Label) == 0 {
		t.reserve(n, opts.MaxNodes) // a fresh tree: size it once
	}
	if !t.add(n, -1, &k, opts.MaxNodes) {
		t.reset()
		t.Truncated = true
		return
	}
	t.link()
}

// reset empties t, keeping its slices' capacity.
func (t *Tree) reset() {
	t.Label, t.Size, t.Parent, t.Hash = t.Label[:0], t.Size[:0], t.Parent[:0], t.Hash[:0]
	clear(t.Node) // the previous page's DOM is not kept alive
	t.Node, t.kids, t.first = t.Node[:0], t.kids[:0], t.first[:0]
	t.stack = t.stack[:0]
	t.Truncated = false
}

// keeper decides which nodes Build keeps (Options).
type keeper struct {
	opts      *Options
	drop      []atom.Atom
	dropBits  uint64 // bit a%64 of every atom a of drop: most tags are told apart by it
	dropNames map[string]bool
}

func (k *keeper) keep(c *html.Node) bool {
	switch c.Type {
	case html.ElementNode:
		// the tag first: a dropped element's attributes are not read
		if c.DataAtom != 0 {
			if k.dropBits&(1<<(c.DataAtom%64)) != 0 && slices.Contains(k.drop, c.DataAtom) {
				return false
			}
		} else if k.dropNames[strings.ToLower(c.Data)] {
			return false
		}
		return k.opts.Skip == nil || !k.opts.Skip(c)
	case html.TextNode:
		return k.opts.KeepBlankText || text.HasNonSpace(c.Data) // strings.TrimSpace(c.Data) != ""
	case html.CommentNode:
		return k.opts.KeepComments
	case html.DocumentNode:
		return true
	}
	return false
}

// reserve sizes the node slices for the subtree of root (at most max
// nodes when max > 0), so that add does not grow them step by step: the
// count walk costs less than the copies and garbage of growing.
func (t *Tree) reserve(root *html.Node, max int) {
	n := 0
	for c := root; c != nil; {
		n++
		if max > 0 && n > max {
			break
		}
		if c.FirstChild != nil {
			c = c.FirstChild
			continue
		}
		for c != root && c.NextSibling == nil {
			c = c.Parent
		}
		if c == root {
			break
		}
		c = c.NextSibling
	}
	t.Label = make([]uint64, 0, n)
	t.Parent = make([]int32, 0, n)
	t.Node = make([]*html.Node, 0, n)
}

// frame is a node add has still to append, with its parent's index.
type frame struct {
	n      *html.Node
	parent int32
}

// add appends n and its kept descendants in pre-order, iteratively so deep
// documents cannot overflow the stack; false when there are more than max
// nodes (max > 0).
func (t *Tree) add(root *html.Node, parent int32, k *keeper, max int) bool {
	stack := append(t.stack[:0], frame{root, parent})
	defer func() { clear(stack); t.stack = stack[:0] }()
	for len(stack) > 0 {
		f := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		idx := int32(len(t.Label))
		if max > 0 && int(idx) >= max {
			return false
		}
		l := uint64(f.n.DataAtom) // LabelOf, its common cases inline
		switch {
		case f.n.Type == html.TextNode:
			l = TextLabel
		case f.n.Type != html.ElementNode || l == 0:
			l = LabelOf(f.n)
		}
		t.Label = append(t.Label, l)
		t.Parent = append(t.Parent, f.parent)
		t.Node = append(t.Node, f.n)
		// the children last first, so the first child is popped first
		for c := f.n.LastChild; c != nil; c = c.PrevSibling {
			if k.keep(c) {
				stack = append(stack, frame{c, idx})
			}
		}
	}
	return true
}

// Link fills Size, Hash and the children index of a tree whose Label,
// Parent and Node a caller has appended itself, in pre-order (a parent
// before its children, siblings in document order), after Rebuild(nil,
// ...) emptied it: a caller that measures or marks the nodes while it
// copies them walks the DOM once instead of again over the tree. The
// tree is then the one Build would make of the same nodes.
func (t *Tree) Link() { t.link() }

// link fills Size, Hash and the children index from Parent. Sizes and
// hashes are summed in one pass from the last node back: a node's
// descendants come after it, so they are final when it is reached, and
// each folds itself into its parent's hash (children last first).
func (t *Tree) link() {
	n := len(t.Label)
	t.Size = grow(t.Size, n)
	t.Hash = grow(t.Hash, n) // children's hashes folded in, then the node's own
	t.first = grow(t.first, n+1)
	// resliced to n so that the compiler drops the bounds checks: a
	// parent comes before its children (uint(p) < uint(i) is p >= 0)
	label, parent, size, hash := t.Label[:n], t.Parent[:n], t.Size[:n], t.Hash[:n]
	count := t.first[:n+1] // the counts first, then (below) the offsets
	for i := n - 1; i >= 0; i-- {
		sz := size[i] + 1
		size[i] = sz
		h := (hash[i] ^ (label[i]*0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019)) * 0x100000001B3
		h ^= uint64(count[i]) << 48
		hash[i] = h
		if p := parent[i]; uint(p) < uint(i) {
			size[p] += sz
			count[p]++
			a := (hash[p] ^ h) * 0x100000001B3
			hash[p] = a ^ a>>29
		}
	}
	// ends in place: first[i] = sum of count[:i+1] (count aliases first)
	sum := int32(0)
	for i := range count {
		sum += count[i]
		count[i] = sum
	}
	t.kids = grow(t.kids, int(sum))
	kids := t.kids
	// fill each parent's slots from its end, last child first: first[p]
	// steps back to the start of p's children
	for i := n - 1; i > 0; i-- {
		if p := parent[i]; uint(p) < uint(i) {
			count[p]--
			kids[count[p]] = int32(i)
		}
	}
}

// grow returns s resized to n zeroed elements, reusing its array when it
// is large enough.
func grow[E any](s []E, n int) []E {
	if cap(s) < n {
		return make([]E, n)
	}
	s = s[:n]
	clear(s)
	return s
}
