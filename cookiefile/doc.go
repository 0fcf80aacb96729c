// Package cookiefile reads cookies in the Netscape cookie file format (the
// cookies.txt of curl, wget and browser exporters) and loads them into a
// net/http/cookiejar, so a crawl can send a logged-in session's cookies to
// the sites they belong to, and only to those.
//
// Files:
//   - parse.go: Cookie, Parse (one cookie a line, seven tab-separated fields).
//   - jar.go: Jar, which builds a cookie jar (public-suffix aware) from them.
package cookiefile
