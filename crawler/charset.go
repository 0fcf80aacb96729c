package crawler

import (
	"bytes"
	"fmt"
	"mime"
	"strings"
	"unicode/utf8"

	"golang.org/x/net/html/charset"
	"golang.org/x/text/transform"
)

// decodeBody returns body as UTF-8 and the name of the charset it was
// decoded from. alreadyUTF8 is true when the fetcher already converted the
// body because the Content-Type header named a charset. Otherwise the
// charset comes from a byte-order mark, a <meta> declaration in the first
// 1024 bytes, or, failing those, the HTML5 sniffing rules (which tell
// UTF-8 from windows-1252 and the common CJK encodings). Bytes that are
// still not valid UTF-8 afterwards are replaced with U+FFFD, so hooks and
// the store only ever see valid UTF-8.
func decodeBody(body []byte, contentType string, alreadyUTF8 bool) ([]byte, string, error) {
	if alreadyUTF8 {
		name := "utf-8"
		if _, params, err := mime.ParseMediaType(contentType); err == nil && params["charset"] != "" {
			name = strings.ToLower(params["charset"])
		}
		return validUTF8(body), name, nil
	}
	enc, name, _ := charset.DetermineEncoding(body, contentType)
	if name == "utf-8" || enc == nil {
		return validUTF8(bytes.TrimPrefix(body, []byte("\xef\xbb\xbf"))), "utf-8", nil
	}
	out, _, err := transform.Bytes(enc.NewDecoder(), body)
	if err != nil {
		return nil, name, fmt.Errorf("decode %s: %w", name, err)
	}
	return validUTF8(out), name, nil
}

func validUTF8(b []byte) []byte {
	if utf8.Valid(b) {
		return b
	}
	return bytes.ToValidUTF8(b, []byte("\uFFFD"))
}

// headerHasCharset reports whether a Content-Type header names a charset
// (in which case Colly already decoded the body to UTF-8).
func headerHasCharset(contentType string) bool {
	_, params, err := mime.ParseMediaType(contentType)
	return err == nil && params["charset"] != ""
}
