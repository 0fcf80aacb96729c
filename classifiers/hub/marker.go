package hub

// What may stand before an entry's link and still let the link lead it
// (entry.go searchLead): a list marker, or a name that is an index term.

// marker reports whether pre runes of text before a link, with or without
// letters, are a list marker: at most maxMarkerRunes runes without a
// letter ("1.", "•"), or at most maxLetterMarkerRunes with one ("a)", an
// icon's letter).
func marker(pre int, letters bool) bool {
	return pre <= maxLetterMarkerRunes || !letters && pre <= maxMarkerRunes
}

// cellName reports whether the text before a link, too short to be more
// than a list marker, is an index term all the same: it holds neither a
// letter nor a digit (an operator's name, ":%", "<$>", "++"), it fills a
// table cell of its own before the cell holding the link, and the link
// leads to a place in another page (an identifier index's row: the term,
// then where it is defined). A marker ("•", "1.") stands beside its link;
// one in a cell of its own before a link to a page keeps leading by that
// link.
func cellName(pre, words int, celled bool, l lead) bool {
	return pre > 0 && words == 0 && celled && l == leadPlace
}
