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
	str := string(s)
	n := maxCell - noteMax
	cut := n
	if i := strings.LastIndex(str[:n], " | "); i >= n*3/4 {
		cut = i
	}
	for cut > 0 && !utf8.RuneStart(str[cut]) {
		cut--
	}
	left := utf8.RuneCountInString(str[cut:])
	return str[:cut] + " | [… " + strconv.Itoa(left) + " more characters not shown: a spreadsheet cell holds 32,767; the jsonl export holds them]"
}
