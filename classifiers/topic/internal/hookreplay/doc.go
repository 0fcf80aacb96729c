// Command hookreplay replays a stored crawl through the topic hook
// (classifiers/topic) on one goroutine, in fetch order: every page's
// OnPage, then OnURL for each of its http(s) links, with a fresh model
// built from the seed pages given as URL=FILE pairs. With -out it writes
// every decision (each page's relevance and relevant flag, each link's
// priority, %.17g) so that two builds can be compared byte for byte;
// with -rounds it times the replay, and callgrind can count the
// instructions of main.run alone (README.md of classifiers/topic); with
// -trace it prints the relevance threshold and the seed pages'
// leave-one-out cosines whenever the threshold changes:
//
//	go run ./classifiers/topic/internal/hookreplay -db STORE.db \
//	  -seeds http://H/library/asyncio.html=/usr/share/doc/python3.11/html/library/asyncio.html,… \
//	  -out decisions.txt [-stem] [-soft] [-urlwords] [-linkcontext W] [-strategy S] [-contentbytes N] [-trace]
//
// Files:
//   - main.go: flags, loading the store, the replay.
package main
