// Package htmldecode turns the raw bytes of an HTML page, in whatever
// charset it was served, into valid UTF-8 and a DOM. It is the one place
// the engine, the built-in hooks and the command-line tools decide a
// page's charset, so a page reads the same wherever it is parsed.
//
// The charset comes, in order, from a byte-order mark, the Content-Type
// header's charset parameter, a <meta> declaration in the first 1,024
// bytes, or sniffing (golang.org/x/net/html/charset.DetermineEncoding);
// when only a <meta> or sniffing named it and the whole body is valid
// UTF-8, the body is read as UTF-8 (sniffing sees only the first 1,024
// bytes, and pages often mislabel UTF-8 as ISO-8859-1). Bytes still
// invalid after decoding become U+FFFD.
//
// Files:
//
//	decode.go  Decode, Parse, ParseFile, ValidUTF8
package htmldecode
