// Package wire reads the compact binary forms the crawl's processes send
// each other through Redis (topic judgements, topic statistics deltas):
// varints in their shortest form only, little-endian fixed-width values
// and length-prefixed strings, each checked against what is left and
// against its limit.
//
// Files:
//   - reader.go: Reader, whose first error sticks and wraps the format's
//     own error, so that a decoder reads every field and checks once.
//   - reader_test.go: the fields, each failure's error, FuzzReader.
package wire
