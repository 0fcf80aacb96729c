// Package crawl is the shared vocabulary of the crawl framework: the Page a
// fetch produces (with the named Annotations any hook may set), the Link on
// its way to the frontier, the Record extracted from a list page, the Batch
// that OnBatch hooks see (with its named Results), the rows the engine
// hands to a store, the one host key, the errors every package shares, and
// ResourceOf, the one list of file extensions that the engine and the topic
// hooks use to tell pages from other resources. It imports nothing of the
// project (TestImportGraph).
//
// The engine lives in package crawler, the extension points in package hooks,
// the built-in mining methods in classifiers/, clustering/ and extraction/.
// See the README for the command line and for writing hooks.
//
// Files:
//   - crawl.go: Link, Page, Field, Record, Batch, errors.
//   - annotations.go: Page.Annotate, Page.Annotation, Page.Keep, Page.Kept.
//   - results.go: Failure, Counts, FrontierEntry, Fingerprint (what the
//     engine hands a store), Result and Batch.AddResult, ExportTables.
//   - hostkey.go: HostKey.
//   - resource.go: ResourceOf.
package crawl
