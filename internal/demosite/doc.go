// Package demosite is the offline demo web that the demo crawl, the tests
// and the benchmarks run against: five news sites on loopback ports, built
// from the BBC News corpus (2,225 articles in business, entertainment,
// politics, sport and tech), each with its own HTML template.
//
//   - Host 0, The Daily Globe: every topic, div layout.
//   - Host 1, Sports Desk: sport, table layout; robots.txt asks for a Crawl-delay.
//   - Host 2, Tech & Business Wire: HTML5 article/section layout; links a PDF.
//   - Host 3, The Review: politics and entertainment, list layout.
//   - Host 4, FindNews: search-result pages with 30 records each.
//
// Every news host has a home page, section hubs and tag hubs with
// pagination, and dated article URLs; articles link to related stories of
// their topic on every host and, one in four, to a story of another topic.
// Around them: robots.txt with Disallow: /private/, broken links (404),
// permanent redirects (/old/N), a redirect loop, a slow page, a PDF, and
// pages in GBK and Big5 whose charset only a <meta> tag names. Every page
// answers conditional GETs (ETag, Last-Modified). Truth gives the ground
// truth of any URL; Publish releases held-back articles for re-crawl tests;
// NewGenerated is a plain synthetic site for throughput benchmarks.
//
// API: New(Config) builds the site; Start (free ports), StartOn(addr) or
// StartAt(addrs) listen, Close stops; or serve Handler(i) yourself after
// SetBase(i, base). Hosts() are the base URLs, Seeds() the home pages,
// SportSeeds(n) the first n sport article URLs and SportSample(n) n spread
// over the section (both deterministic), Truth(url) the
// ground truth (Kind home|section|tag|article|search|other, Topic or "" for
// mixed pages), Publish(n) releases n held-back articles per topic, Addrs()
// the listening addresses for a restart at the same URLs.
//
// Files: corpus.go (the embedded corpus), site.go (Site, Start, Publish),
// hosts.go, pages.go (page models), render.go (the five templates),
// handler.go (routing, caching, validators, odd pages), files.go (the PDF
// and thumbnail bytes), truth.go, generated.go, gencorpus/ (packs the
// corpus file). Tests: site_test.go, pages_test.go, graph_test.go (the
// focused-crawl property), generated_test.go, fuzz_test.go, bench_test.go,
// example_test.go.
package demosite
