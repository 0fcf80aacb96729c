// Package config reads a crawl's YAML configuration and turns it into the
// engine's settings and the built-in hooks.
//
// Files:
//   - config.go: the schema (Config and its sections) with documented defaults.
//   - parse.go: Load/Parse with errors naming the key and line, validation.
//   - engine.go: converting to crawler.Config and frontier.Scope.
//   - distributed.go: the distributed section (Redis URL, crawl name, lease).
//   - memory.go: memory_limit, the soft limit on the Go heap.
//
// Unknown keys, wrong types and out-of-range values are errors; the keys
// left out take the defaults documented on each field.
package config
