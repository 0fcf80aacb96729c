package config

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/crawl-project/crawl/export"
)

// Error is a problem with one key of a configuration file.
type Error struct {
	File string // file name as given ("" for a reader)
	Line int    // 1-based line of the key, 0 when unknown
	Key  string // dotted key path, e.g. "politeness.delay"
	Msg  string
}

func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString("config")
	if e.File != "" {
		b.WriteString(" " + e.File)
	}
	if e.Line > 0 {
		fmt.Fprintf(&b, ":%d", e.Line)
	}
	if e.Key != "" {
		fmt.Fprintf(&b, ": %s", e.Key)
	}
	b.WriteString(": " + e.Msg)
	return b.String()
}

// Load reads, parses and validates the configuration file at path.
func Load(path string) (*Config, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("config: %w", err)
	}
	defer f.Close()
	return Parse(f, path)
}

var unknownField = regexp.MustCompile(`line (\d+): field (\S+) not found in type (\S+)`)
var badValue = regexp.MustCompile(`line (\d+): cannot unmarshal !!(\w+) ` + "`" + `([^` + "`" + `]*)` + "`" + ` into (\S+)`)

// Parse parses and validates a YAML configuration; name is used in errors.
// Unknown keys, values of the wrong type and values out of range are
// errors naming the key and its line. Defaults fill the keys left out.
func Parse(r io.Reader, name string) (*Config, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("config %s: read: %w", name, err)
	}
	var root yaml.Node
	if err := yaml.Unmarshal(data, &root); err != nil {
		return nil, &Error{File: name, Line: yamlLine(err.Error()), Msg: cleanYAMLError(err.Error())}
	}
	var c Config
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(&c); err != nil && !errors.Is(err, io.EOF) {
		return nil, decodeError(name, err)
	}
	c.fill()
	if errs := c.validate(); len(errs) > 0 {
		out := make([]error, len(errs))
		for i, e := range errs {
			e.File = name
			e.Line = keyLine(&root, e.Key)
			out[i] = e
		}
		return nil, errors.Join(out...)
	}
	return &c, nil
}

func decodeError(name string, err error) error {
	msg := err.Error()
	var errs []error
	for _, m := range unknownField.FindAllStringSubmatch(msg, -1) {
		line, _ := strconv.Atoi(m[1])
		errs = append(errs, &Error{File: name, Line: line, Key: m[2], Msg: "unknown key"})
	}
	for _, m := range badValue.FindAllStringSubmatch(msg, -1) {
		line, _ := strconv.Atoi(m[1])
		errs = append(errs, &Error{File: name, Line: line, Msg: fmt.Sprintf("value %q is not a valid %s", m[3], goTypeName(m[4]))})
	}
	if len(errs) == 0 {
		return &Error{File: name, Line: yamlLine(msg), Msg: cleanYAMLError(msg)}
	}
	return errors.Join(errs...)
}

func goTypeName(t string) string {
	switch t {
	case "time.Duration":
		return "duration (e.g. 250ms, 10s)"
	case "int", "int64":
		return "whole number"
	case "float64":
		return "number"
	case "bool", "*bool":
		return "boolean (true/false)"
	case "[]string":
		return "list of strings"
	}
	return strings.TrimPrefix(t, "config.")
}

var lineRe = regexp.MustCompile(`line (\d+)`)

func yamlLine(msg string) int {
	if m := lineRe.FindStringSubmatch(msg); m != nil {
		n, _ := strconv.Atoi(m[1])
		return n
	}
	return 0
}

func cleanYAMLError(msg string) string {
	msg = strings.TrimPrefix(msg, "yaml: ")
	return lineRe.ReplaceAllString(msg, "")
}

// keyLine finds the line of a dotted key path in a parsed YAML document.
func keyLine(root *yaml.Node, key string) int {
	n := root
	if n.Kind == yaml.DocumentNode && len(n.Content) > 0 {
		n = n.Content[0]
	}
	line := 0
	for _, part := range strings.Split(key, ".") {
		if i := strings.IndexByte(part, '['); i >= 0 {
			part = part[:i]
		}
		if n == nil || n.Kind != yaml.MappingNode {
			return line
		}
		var next *yaml.Node
		for i := 0; i+1 < len(n.Content); i += 2 {
			if n.Content[i].Value == part {
				line, next = n.Content[i].Line, n.Content[i+1]
				break
			}
		}
		n = next
	}
	return line
}

// validate checks value ranges and cross-field rules.
func (c *Config) validate() []*Error {
	var errs []*Error
	bad := func(key, format string, args ...any) {
		errs = append(errs, &Error{Key: key, Msg: fmt.Sprintf(format, args...)})
	}
	if len(c.Seeds) == 0 && !c.Demo {
		bad("seeds", "at least one seed URL is required (or demo: true)")
	}
	for i, s := range c.Seeds {
		if strings.HasPrefix(s, "{") {
			if !c.Demo {
				bad(fmt.Sprintf("seeds[%d]", i), "placeholder %q needs demo: true", s)
			}
			continue
		}
		if u, err := url.Parse(s); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			bad(fmt.Sprintf("seeds[%d]", i), "%q is not an absolute http(s) URL", s)
		}
	}
	for _, e := range c.Exports {
		if !slices.Contains(export.Whats, e) {
			bad("exports", "unknown export %q (want one of %s)", e, strings.Join(export.Whats, ", "))
		}
	}
	nonNeg := func(key string, v int64) {
		if v < 0 {
			bad(key, "must not be negative, got %d", v)
		}
	}
	nonNeg("max_pages", int64(c.MaxPages))
	nonNeg("scope.max_depth", int64(c.Scope.MaxDepth))
	nonNeg("fetch.timeout", int64(c.Fetch.Timeout))
	nonNeg("fetch.max_body_size", c.Fetch.MaxBodySize)
	nonNeg("fetch.max_redirects", int64(c.Fetch.MaxRedirects))
	nonNeg("fetch.backoff", int64(c.Fetch.Backoff))
	nonNeg("politeness.delay", int64(c.Politeness.Delay))
	nonNeg("politeness.per_host_parallel", int64(c.Politeness.PerHostParallel))
	nonNeg("politeness.workers", int64(c.Politeness.Workers))
	nonNeg("politeness.max_crawl_delay", int64(c.Politeness.MaxCrawlDelay))
	if c.Batch.Size < 1 {
		bad("batch.size", "must be at least 1, got %d", c.Batch.Size)
	}
	if c.Fetch.Retries < -1 {
		bad("fetch.retries", "must be -1 (none) or more, got %d", c.Fetch.Retries)
	}
	for i, re := range c.Scope.AllowRegex {
		if _, err := regexp.Compile(re); err != nil {
			bad(fmt.Sprintf("scope.allow_regex[%d]", i), "%v", err)
		}
	}
	for i, re := range c.Scope.DenyRegex {
		if _, err := regexp.Compile(re); err != nil {
			bad(fmt.Sprintf("scope.deny_regex[%d]", i), "%v", err)
		}
	}
	if !slices.Contains([]string{"tag", "boost", "hubs-beyond-depth", "skip-hubs"}, c.Hub.Policy) {
		bad("hub.policy", "unknown policy %q (want tag, boost, hubs-beyond-depth or skip-hubs)", c.Hub.Policy)
	}
	if !slices.Contains([]string{"bfs", "best-first", "adaptive", "learned"}, c.Topic.Strategy) {
		bad("topic.strategy", "unknown strategy %q (want learned, bfs, best-first or adaptive)", c.Topic.Strategy)
	}
	if c.Topic.Corpus != "" && c.Topic.CorpusTopic == "" {
		bad("topic.corpus_topic", "required with topic.corpus")
	}
	unit := func(key string, v float64) {
		if v < 0 || v > 1 {
			bad(key, "must be between 0 and 1, got %g", v)
		}
	}
	unit("topic.relevance", c.Topic.Relevance)
	if c.Topic.Calibration < 0 || c.Topic.Calibration > 2 {
		bad("topic.calibration", "%v is outside [0, 2]", c.Topic.Calibration)
	}
	if c.Topic.Retrain < 0 {
		bad("topic.retrain", "%d is negative", c.Topic.Retrain)
	}
	unit("topic.update", c.Topic.Update)
	unit("topic.drift_floor", c.Topic.DriftFloor)
	unit("topic.link_context", c.Topic.LinkContext)
	unit("topic.focus_margin", c.Topic.FocusMargin)
	unit("clustering.d", c.Clustering.D)
	unit("clustering.alpha", c.Clustering.Alpha)
	unit("clustering.beta", c.Clustering.Beta)
	unit("topics.r", c.Topics.R)
	if !slices.Contains([]string{"auto", "en", "zh", "ja", "ko"}, c.Topic.Language) {
		bad("topic.language", "unknown language %q (want auto, en, zh, ja or ko)", c.Topic.Language)
	}
	return errs
}
