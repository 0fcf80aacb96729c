// Command customhooks is a small program that extends crawl with its own
// hooks through the public API:
//
//   - an OnURL hook that drops tag pages and favours links whose anchor
//     mentions a keyword;
//   - an OnPage hook that counts words of the keyword on each page;
//   - an OnBatch hook that prints one line per batch.
//
// Run it against any site (politely: robots.txt and per-host delays are on):
//
//	go run ./examples/customhooks -seed https://example.com/ -keyword sport -max-pages 50
package main
