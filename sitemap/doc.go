// Package sitemap parses XML sitemaps and sitemap indexes as the
// sitemaps.org protocol (0.9) defines them: a <urlset> of <url> entries or
// a <sitemapindex> of <sitemap> entries, each with a <loc> and an optional
// <lastmod> in W3C Datetime; at most 50,000 entries and 50 MB (52,428,800
// bytes) uncompressed per file; files may be gzip-compressed (detected by
// their magic bytes, whatever the name or Content-Type says).
//
// A file that breaks the protocol's limits or is not a sitemap is an
// error; an entry without a usable <loc> (missing, relative, not http) is
// skipped and a bad <lastmod> ignored, each reported in Sitemap.Problems
// with its position, never dropped silently.
//
// Files:
//   - sitemap.go: Parse, Sitemap, Entry, the limits, errors.
//   - lastmod.go: ParseLastMod (W3C Datetime).
//   - fetch.go: IsSitemapURL, Get (HTTP), Walk (indexes followed, files bounded).
package sitemap
