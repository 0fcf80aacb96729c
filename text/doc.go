// Package text turns page text into terms for the topic model and the topic
// clustering: lower-cased words for alphabetic scripts, overlapping character
// bigrams for Chinese, Japanese and Korean, stop words removed, optional
// Snowball English stemming.
//
// Files:
//   - tokenizer.go: Config, Tokenizer, New, Tokens, AppendTokens, the script
//     scanner (words, CJK runs).
//   - stopwords.go: the embedded stop-word lists (stopwords/*.txt) and StopWords.
//   - stem.go: the bounded, concurrency-safe Snowball stem cache.
//   - space.go: NonSpaceRunes and HasNonSpace (white space as
//     unicode.IsSpace; NonSpaceRunes counts ASCII sixteen then eight bytes
//     at a time and an ASCII tail in one load), which the hub evidence and
//     the topic content count text with. In the Python-docs crawl with every
//     built-in on, NonSpaceRunes (all callers) went 138.6 M -> 128.6 M
//     instructions with it (callgrind; classifiers/hub/README.md, session 15).
//
// A Tokenizer holds no mutable state besides its stem cache and is safe for
// concurrent use; build one per configuration and share it.
package text
