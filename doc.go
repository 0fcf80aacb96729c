// Package crawl is the shared vocabulary of the crawl framework: the Page a
// fetch produces, the Link on its way to the frontier, the Record extracted
// from a list page, the Batch that OnBatch hooks see with its named Results,
// the rows the engine hands to a store (Failure, Counts, FrontierEntry,
// Fingerprint; results.go), the errors every package shares, and ResourceOf, the one list of file extensions that the
// engine and the topic hooks use to tell pages from other resources.
//
// The engine lives in package crawler, the extension points in package hooks,
// the built-in mining methods in classifiers/, clustering/ and extraction/.
// See the README for the command line and for writing hooks.
package crawl
