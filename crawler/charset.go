package crawler

import (
	"bytes"
	"mime"
	"strings"
	"unicode/utf8"

	"github.com/crawl-project/crawl/htmldecode"
)

// decodeBody returns body as UTF-8 and the name of the charset it was
// decoded from. alreadyUTF8 is true when the fetcher already converted the
// body because the Content-Type header named a charset. Otherwise
// htmldecode.Decode decides (byte-order mark, <meta>, sniffing; a valid
// UTF-8 body without a header charset is UTF-8). Hooks and the store only
// ever see valid UTF-8.
func decodeBody(body []byte, contentType string, alreadyUTF8 bool) ([]byte, string, error) {
	if alreadyUTF8 {
		name := "utf-8"
		if _, params, err := mime.ParseMediaType(contentType); err == nil && params["charset"] != "" {
			name = strings.ToLower(params["charset"])
		}
		if !utf8.Valid(body) {
			body = bytes.ToValidUTF8(body, []byte("\uFFFD"))
		}
		return body, name, nil
	}
	return htmldecode.Decode(body, contentType)
}

// headerHasCharset reports whether a Content-Type header names a charset
// (in which case Colly already decoded the body to UTF-8).
func headerHasCharset(contentType string) bool {
	_, params, err := mime.ParseMediaType(contentType)
	return err == nil && params["charset"] != ""
}
