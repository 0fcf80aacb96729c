// Package robots decides, as RFC 9309 (the Robots Exclusion Protocol)
// says, whether a crawler may fetch a URL given a host's robots.txt.
//
// It is layered like github.com/temoto/robotstxt (scanner → parser →
// matcher), whose decisions differ from the RFC's in ways that matter on
// real sites; temoto stays as the reference of the fuzz tests.
//
// What it does:
//   - Lines it cannot read are skipped and the rest is obeyed: a bad
//     Crawl-delay ("5s", empty), binary garbage, a line without a key.
//     Rules before the first user-agent line belong to no group and are
//     ignored (as Google does). As Google's parser, it accepts a missing
//     colon in a two-word line ("disallow /"), the frequent key typos
//     ("useragent", "disalow", "site-map") and a UTF-8 byte order mark,
//     and cuts lines after 16,663 bytes.
//   - Groups: user-agent lines followed by rules; a user-agent line after
//     a rule starts a new group; Sitemap, Crawl-delay and unknown lines do
//     not end one. The crawler obeys every group naming its product token
//     (RFC 9309 §2.2.1: the characters a-z A-Z _ -; "Foo Bar" and "Foo/1"
//     name Foo), compared case-insensitively and merged, else the "*"
//     groups, else nothing is disallowed.
//   - Matching: a pattern matches from the first octet of the path (with
//     its query); '*' matches any run of octets and a final '$' the end.
//     Patterns and paths are compared in one percent-encoding form:
//     non-ASCII octets as %XX (upper-case hex), escapes upper-cased, escapes
//     of unreserved characters decoded (the form frontier.Normalize gives
//     URLs). The rule matching the most octets (pattern length) decides;
//     Allow wins a tie; an empty pattern ("Disallow:") disallows nothing.
//   - Limits: the first MaxSize (500 KiB) bytes are read; a line cut by the
//     limit is not. Matching costs at most O(len(path)·len(pattern)).
//   - Status (FromResponse, RFC 9309 §2.3.1): 2xx is parsed; 4xx other than
//     429 allows everything; 429, 5xx and an unreachable host (Unreachable)
//     disallow everything until robots.txt is asked again.
//   - Crawl-delay (not in the RFC) is read as decimal seconds per group;
//     Sitemaps returns the Sitemap lines as absolute URLs.
//
// Where it parts from Google's robotstxt library (robots_test.cc is ported
// in google_test.go, 145 assertions): URLs are percent-encoded by Allowed
// itself (the RFC requires it before comparison; Google leaves it to the
// caller), unreserved escapes are decoded, and "index.html" at the end of
// an Allow pattern does not also allow the directory (Google's extension).
//
// Files:
//   - scanner.go: lines, the size limit, comments, key/value and key kinds.
//   - parser.go: groups, rules, Crawl-delay and Sitemap values.
//   - match.go: percent-encoding normalisation, path extraction, matching.
//   - agent.go: product tokens (ValidToken, ProductToken).
//   - robots.go: Robots, Parse, FromResponse, Unreachable, Allowed,
//     CrawlDelay, Sitemaps.
package robots
