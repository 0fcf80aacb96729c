package extraction

import (
	"strings"

	"github.com/crawl-project/crawl/extraction/stm"
	"golang.org/x/net/html/atom"
)

// Code blocks: the lines of a program are not a list of records, however
// alike they look. A pre is one (its lines and highlighted tokens), and so
// are two layouts of code without one:
//   - a monospace element (code, tt, kbd, samp) holding a line break: the
//     lines of a listing set as text and br (tex2page's Scheme examples);
//   - a table of code lines (codeTable): one cell per row, each a line of
//     inline markup, and brackets one line opens and a later one closes
//     (the lines of one program: Scribble's table.RktBlk, one row per
//     line). A table of contents indents its lines as code does, so
//     indentation is no evidence; a list's items close what they open.
// The structure decides, never a class name: a class says what a site
// calls its blocks, not what they hold.

// markCode fills p.inCode: code blocks and every node inside one.
func (p *page) markCode() {
	t := p.t
	n := t.Len()
	p.inCode = resize(p.inCode, n)
	inCode, size := p.inCode[:n], t.Size[:n]
	// innermost first: a table of code lines may hold another (a
	// REPL's multi-line input inside its transcript); the candidates
	// are reset's walk's, in document order
	for k := len(p.codes) - 1; k >= 0; k-- {
		i := int(p.codes[k])
		switch tagOf(t, i) {
		case atom.Pre:
			inCode[i] = true
		case atom.Code, atom.Tt, atom.Kbd, atom.Samp:
			inCode[i] = holdsBreak(t, i)
		case atom.Table:
			inCode[i] = codeTable(p, i)
		}
	}
	// every node of a code block's subtree, [i, i+size), the subtree
	// passed over once marked
	end := 0
	for _, c := range p.codes {
		i := int(c)
		if i < end || !inCode[i] {
			continue
		}
		end = min(n, i+int(size[i]))
		for j := i + 1; j < end; j++ {
			inCode[j] = true
		}
	}
}

// holdsBreak reports whether element i holds a br.
func holdsBreak(t *stm.Tree, i int) bool {
	for j := i + 1; j < i+int(t.Size[i]); j++ {
		if t.Label[j] != stm.TextLabel && tagOf(t, j) == atom.Br {
			return true
		}
	}
	return false
}

// codeTable reports whether table i holds the lines of a program: every
// row one cell holding one line (codeLine: a REPL's result is a
// paragraph, its multi-line input a code block), some row holding a code
// block or brackets it does not close, and the brackets balanced over the
// table. A table of data has columns; a box of one cell per row holding a
// signature and its contracts holds blocks too.
func codeTable(p *page, i int) bool {
	t := p.t
	rows, code := 0, false
	var sum brackets
	row := func(r int32) bool {
		cells := 0
		for _, c := range t.Children(int(r)) {
			if a := tagOf(t, int(c)); a != atom.Td && a != atom.Th {
				return false
			}
			cells++
			b, ok, block := codeLine(p, int(c))
			if !ok {
				return false
			}
			code = code || block || b != brackets{}
			sum = brackets{sum[0] + b[0], sum[1] + b[1], sum[2] + b[2]}
		}
		rows++
		return cells == 1
	}
	for _, c := range t.Children(i) {
		switch tagOf(t, int(c)) {
		case atom.Tr:
			if !row(c) {
				return false
			}
		case atom.Tbody, atom.Thead, atom.Tfoot:
			for _, r := range t.Children(int(c)) {
				if tagOf(t, int(r)) != atom.Tr || !row(r) {
					return false
				}
			}
		case atom.Caption, atom.Colgroup:
		default:
			return false
		}
	}
	return rows > 0 && code && sum == brackets{}
}

// brackets counts the round, square and curly brackets a text opens
// (closing ones count -1).
type brackets [3]int

// codeLine reads cell c as a line: ok when it holds one line of inline
// markup (text, links, formatting, an image, at most one paragraph, or
// a code block), b the brackets its text opens, block whether it holds
// a code block (whose text is left out) or opens with a REPL's prompt
// followed by its input.
func codeLine(p *page, c int) (b brackets, ok, block bool) {
	t := p.t
	paras, first := 0, true
	for j := c + 1; j < c+int(t.Size[c]); j++ {
		if t.Label[j] == stm.TextLabel {
			if first && j+1 < c+int(t.Size[c]) && prompt(t.Node[j].Data) {
				block = true // a REPL's input line
			}
			first = false
			for _, r := range t.Node[j].Data {
				switch r {
				case '(':
					b[0]++
				case ')':
					b[0]--
				case '[':
					b[1]++
				case ']':
					b[1]--
				case '{':
					b[2]++
				case '}':
					b[2]--
				}
			}
			continue
		}
		switch a := tagOf(t, j); {
		case p.inCode[j]:
			block = true
			j += int(t.Size[j]) - 1
		case a == atom.P:
			if paras++; paras > 1 {
				return b, false, false // paragraphs: a description, not a line
			}
		case a == atom.A, a == atom.Img, formatting(a):
		default:
			return b, false, false
		}
	}
	return b, true, block
}

// prompt reports whether s, a line's first text, opens with an
// interactive prompt: ">", ">>>" or "$" and a space ("> " in a text of
// its own, or before the input; a function named ">" is no prompt).
func prompt(s string) bool {
	s = strings.TrimLeft(s, " \u00a0\t\n")
	for _, p := range [...]string{">>>", ">", "$"} {
		if rest, ok := strings.CutPrefix(s, p); ok {
			return strings.HasPrefix(rest, " ") || strings.HasPrefix(rest, "\u00a0")
		}
	}
	return false
}
