// Package trapsite is a loopback web site full of crawler traps around a
// core of real pages, for tests and measurements of trap defences: 300
// real articles (BBC News corpus text, see internal/demosite) under
// /doc/N with index pages, and traps linked from every page: an endless
// calendar (/cal?d=N links to N-1 and N+1), session-id URLs
// (/p?sid=RANDOM and real links carrying ?sid=RANDOM), parameter
// permutations (/doc/N?b=2&a=1 and ?a=1&b=2, same content), and a mirror
// of every page under /mirror/. With Hostile set it adds a garbage
// robots.txt, redirect loops and endless redirect chains, a 50 MB body,
// an endless body, a 200,000-link page and a 10,000-deep nested page.
//
// The site counts every request and classifies it as real or trap, so a
// test reads how much of a crawl the traps took.
//
// Files:
//   - site.go: Site, New, ServeHTTP, Counts, the request classifier.
//   - pages.go: the real pages and the traps.
//   - hostile.go: the hostile pages.
package trapsite
