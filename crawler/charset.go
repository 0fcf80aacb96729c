package crawler

import (
	"mime"
	"strings"

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
		name := headerCharset(contentType)
		if name == "" {
			name = "utf-8"
		}
		return htmldecode.ValidUTF8(body), name, nil
	}
	return htmldecode.Decode(body, contentType)
}

// headerCharset is the charset a Content-Type header names, lower-cased,
// or "".
func headerCharset(contentType string) string {
	_, params, err := mime.ParseMediaType(contentType)
	if err != nil {
		return ""
	}
	return strings.ToLower(params["charset"])
}

// headerHasCharset reports whether a Content-Type header names a charset
// (in which case Colly already decoded the body to UTF-8).
func headerHasCharset(contentType string) bool { return headerCharset(contentType) != "" }
