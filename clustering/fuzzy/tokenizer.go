package fuzzy

import (
	"strings"
	"unicode"
)

// defaultTokenizer is a stand-in until package text lands.
func defaultTokenizer() (Tokenizer, error) { return fieldsTokenizer{}, nil }

type fieldsTokenizer struct{}

func (fieldsTokenizer) Tokens(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
}
