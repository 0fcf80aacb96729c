// Package dashboard watches a crawl: a JSON API under /api/, Prometheus
// metrics at /metrics and web views (embedded, no CDN: charts are the
// page's own SVG) over a crawl store, read-only, and over the running
// crawl when there is one.
//
// The store is read through its own read-only SQLite connections (DB),
// never through the store's process lock, so `crawl serve -db F` can watch
// a store another process is writing. The server binds loopback unless a
// token is set; with a token every request must carry it, and only
// token-carrying POSTs to /api/control/pause, /resume and /stop can change
// the crawl.
//
// Files:
//   - db.go: DB, the read-only view of a store.
//   - query.go: totals, hosts, clusters with samples, topics.
//   - records.go: a cluster's records tables, the export's (a table per
//     kind of record, export.PlanClusterTables over a store.RecordsReader
//     on the read-only connection: the same names, columns and rows as the
//     files of the records export, its CSV streamed byte for byte), or one
//     table of the stored names for a store from before kinds were kept.
//   - pages.go: the page view, the pages list, the harvest curve, the queue.
//   - tally.go: what polls read often, read cheaply: the pages' status
//     classes and harvest read incrementally, lists reused while fresh.
//   - reference.go: Reference, a BFS crawl's harvest curve (its store or
//     harvest.csv) drawn beside the crawl's.
//   - live.go: the live crawl's rate samples and the store's rate history.
//   - params.go: query parameters: paging, choices, unknown-name checks.
//   - server.go: Server, Config, New, the token check, ListenAndServe.
//   - api.go: the routes and JSON handlers, the records CSV.
//   - control.go: pause, resume and stop of a running crawl.
//   - metrics.go: Metrics, the Prometheus registry and collector.
//   - attach.go: Attach, a dashboard serving a pipeline's crawl while it runs.
//   - views.go, assets/: the embedded single-page views.
package dashboard
