// Package config reads a crawl's YAML configuration and turns it into the
// engine's settings and the built-in hooks.
//
// Files:
//   - config.go: the schema (Config and its sections) with documented defaults.
//   - parse.go: Load/Parse with errors naming the key and line, validation.
//   - builtins.go: the built-in methods by name: which are on
//     (Builtins), and a run with only some of them (KeepBuiltins, for
//     `crawl -builtins hub,extraction` and `crawl bench -each`).
//   - seeds.go: seeds_file, one seed URL a line.
//   - distributed.go: the distributed section (Redis URL, crawl name, lease).
//   - memory.go: memory_limit, the soft limit on the Go heap.
//   - warc.go: the warc section and its byte sizes such as "1GB".
//
// Unknown keys, wrong types and out-of-range values are errors; the keys
// left out take the defaults documented on each field.
package config
