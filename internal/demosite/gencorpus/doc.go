// Command gencorpus packs the BBC News corpus (Greene & Cunningham, ICML
// 2006) into the demo site's embedded data file:
//
//	go run ./internal/demosite/gencorpus -in ../shared/data/news/bbc -out internal/demosite/data/bbc.tsv.gz
//
// One line per article: topic, number, title and body separated by tabs,
// paragraphs joined by "\x1f". Files are UTF-8 except one Latin-1 file,
// which is converted.
package main
