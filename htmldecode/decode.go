package htmldecode

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"strings"
	"unicode/utf8"

	"golang.org/x/net/html"
	"golang.org/x/net/html/charset"
	"golang.org/x/text/transform"
)

var utf8BOM = []byte("\xef\xbb\xbf")

// Decode returns body as valid UTF-8 (without a UTF-8 byte-order mark) and
// the name of the charset it was read as. contentType is the Content-Type
// header's value and may be "". The error names the charset a decoder
// failed on; body is never modified.
func Decode(body []byte, contentType string) ([]byte, string, error) {
	enc, name, certain := charset.DetermineEncoding(body, contentType)
	if name == "utf-8" || enc == nil || !certain && utf8.Valid(body) {
		return ValidUTF8(bytes.TrimPrefix(body, utf8BOM)), "utf-8", nil
	}
	out, _, err := transform.Bytes(enc.NewDecoder(), body)
	if err != nil {
		return nil, name, fmt.Errorf("htmldecode: decode %s: %w", name, err)
	}
	return ValidUTF8(out), name, nil
}

// ValidUTF8 returns b, or a copy with invalid bytes replaced by U+FFFD.
func ValidUTF8(b []byte) []byte {
	if utf8.Valid(b) {
		return b
	}
	return bytes.ToValidUTF8(b, []byte("\uFFFD"))
}

// ErrTooDeep is returned by Parse for a document whose elements nest
// deeper than golang.org/x/net/html accepts (512 open elements).
var ErrTooDeep = errors.New("htmldecode: elements nested too deep")

// Parse decodes body (see Decode) and parses it into a DOM.
func Parse(body []byte, contentType string) (*html.Node, error) {
	text, _, err := Decode(body, contentType)
	if err != nil {
		return nil, err
	}
	doc, err := html.Parse(bytes.NewReader(text))
	if err != nil {
		if strings.Contains(err.Error(), "open stack of elements exceeds") {
			return nil, fmt.Errorf("%w: %v", ErrTooDeep, err)
		}
		return nil, fmt.Errorf("htmldecode: parse: %w", err)
	}
	return doc, nil
}

// ParseFile reads and parses the page stored at path; errors name the path.
func ParseFile(path string) (*html.Node, error) {
	body, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	doc, err := Parse(body, "")
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return doc, nil
}
