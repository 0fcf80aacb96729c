package extraction

// A page that marks its main content says what is not: HTML's main
// element and the ARIA role main hold the page's main content (one
// visible one per page; HTML allows more only when all but one are
// hidden, and the page's tree has left the hidden ones out). Everything
// else on the page that is not one of main's ancestors is its frame:
// sidebars, related-pages boxes, and footers written as plain divs
// without a footer element or role contentinfo (Sphinx's div.footer
// beside div.body role=main: its copyright and license lines were the
// records of 47 of the Python 3.11 docs' pages). mainFrame adds them to
// page.framed in reset, after the landmark pass that found main.
//
// A main landmark is trusted when it is the page's only one outside the
// frame's landmarks (reset does not look for one inside them) and holds
// text of its own (its text without the landmarks inside it) of at least
// minMainShare of the page's text outside landmarks: an empty main (a
// shell a script fills) or one around the page's title beside a list ten
// times its size does not say where the content is.

// landmarks is what reset's pass over the page reads of its landmarks
// (kept out of the loop's registers: landmarks are few).
type landmarks struct {
	text   int // the text of the frame's landmarks
	main   int // the main landmark outside them (-1: none)
	mains  int // how many the page has
	inMain int // the text of the frame's landmarks inside main
}

// add reads node i, a landmark of kind frameLandmark or mainLandmark
// outside the frame's landmarks, and reports whether it is frame.
func (lm *landmarks) add(p *page, i, kind int) bool {
	if kind == mainLandmark {
		lm.main, lm.mains = i, lm.mains+1
		return false
	}
	n := int(p.text[i])
	lm.text += n
	if lm.main >= 0 && i < lm.main+int(p.t.Size[lm.main]) {
		lm.inMain += n
	}
	return true
}

// minMainShare is the least share of the page's text outside landmarks
// that its main landmark must hold, without the landmarks inside it. Not
// fitted: the smallest share of a real main seen is 0.16 (Python's
// search.html, a short page beside a long footer), 0.48 on the records
// data's 92 pages with one main (both halves, the share only read); the
// records of the tune half are the same at any value from 0 to 0.48.
const minMainShare = 0.1

// mainFrame marks in p.framed the nodes outside main, the page's only
// main landmark, that are not its ancestors, when main is trusted
// (above); inMain is the text of the landmarks inside main. It reports
// whether it did. Ancestors precede main and the nodes after main's
// subtree are none of them: two fills and a climb, no pass over the
// page.
func (p *page) mainFrame(main, inMain int) bool {
	framed := p.framed
	own := int(p.text[main]) - inMain
	if own <= 0 || float64(own) < minMainShare*p.ownLandmarks {
		return false
	}
	for j := range main {
		framed[j] = true
	}
	par := p.t.Parent
	for a := int(par[main]); a >= 0; a = int(par[a]) {
		framed[a] = false
	}
	for j := main + int(p.t.Size[main]); j < len(framed); j++ {
		framed[j] = true
	}
	return true
}
