package export

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// A spreadsheet holds at most 32,767 characters in a cell (Excel,
// LibreOffice Calc: a longer cell is cut on opening, with a warning at
// best), and the CSV files are the tables a person opens. A cell longer
// than maxCell bytes (bytes bound characters, and UTF-16 units, from
// above) is cut, at the last " | " between joined values in its last
// quarter or else at a character, and ends with a note of how many
// characters were left out and where they are: the store and the JSON
// Lines export (-format jsonl) keep every value whole. Nothing is cut
// silently; on the records of ghc-doc's libraries the cells past it are
// Haskell classes' Other, their hundreds of instances (README.md).

// maxCell is the most bytes a CSV cell holds.
const maxCell = 32_767

// noteMax bounds the bytes of the note cutCell appends.
const noteMax = 160

// cutCell returns s cut to fit maxCell bytes with its note; s must be
// longer than maxCell.
func cutCell[T string | []byte](s T) string {
	str := asString(s) // read here only; the result is a new string
	n := maxCell - noteMax
	cut := n
	if i := strings.LastIndex(str[:n], " | "); i >= n*3/4 {
		cut = i
	}
	for cut > 0 && !utf8.RuneStart(str[cut]) {
		cut--
	}
	left := runeCount(str[cut:])
	return str[:cut] + " | [… " + strconv.Itoa(left) + " more characters not shown: a spreadsheet cell holds 32,767; the jsonl export holds them]"
}

// runeCount is utf8.RuneCountInString(s) (an invalid byte counts as one),
// eight ASCII bytes at a time: a cut cell's rest, what is counted, runs
// to hundreds of kilobytes of mostly ASCII text (the sparse fields of
// extraction.Other joined), which utf8.RuneCountInString decodes rune by
// rune.
func runeCount(s string) int {
	n := 0
	for len(s) > 0 {
		if len(s) >= 8 && (s[0]|s[1]|s[2]|s[3]|s[4]|s[5]|s[6]|s[7])&0x80 == 0 {
			n, s = n+8, s[8:]
			continue
		}
		_, size := utf8.DecodeRuneInString(s)
		n, s = n+1, s[size:]
	}
	return n
}
