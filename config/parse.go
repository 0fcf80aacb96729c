package config

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/net/http/httpguts"
	"gopkg.in/yaml.v3"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/crawler"
	"github.com/crawl-project/crawl/dedup"
	"github.com/crawl-project/crawl/frontier"
	"github.com/crawl-project/crawl/robots"
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

// Load reads, parses and validates the configuration file at path, and
// adds the seeds of its seeds_file.
func Load(path string) (*Config, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("config: %w", err)
	}
	defer f.Close()
	c, err := Parse(f, path)
	if err != nil {
		return nil, err
	}
	if err := c.loadSeedsFile(); err != nil {
		return nil, err
	}
	return c, nil
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
	if len(c.Seeds) == 0 && !c.Demo && c.SeedsFile == "" {
		bad("seeds", "at least one seed URL is required (or seeds_file, or demo: true)")
	}
	for i, s := range c.Seeds {
		if strings.HasPrefix(s, "{") {
			switch {
			case strings.HasPrefix(s, "{site}"):
				bad(fmt.Sprintf("seeds[%d]", i), "placeholder %q: {site} is the site `crawl bench -config FILE -site DIR` serves on loopback; crawl it with crawl bench, or put the site's URL in its place", s)
			case !c.Demo:
				bad(fmt.Sprintf("seeds[%d]", i), "placeholder %q needs demo: true", s)
			}
			continue
		}
		if u, err := url.Parse(s); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			bad(fmt.Sprintf("seeds[%d]", i), "%q is not an absolute http(s) URL", s)
		}
	}
	switch c.Extraction.Pages {
	case "", ExtractAllPages:
	case ExtractRelevantPages:
		if !c.Topic.Enabled {
			bad("extraction.pages", "%q needs topic.enabled: the topic judges which pages are relevant (or use %q)", ExtractRelevantPages, ExtractAllPages)
		}
	default:
		bad("extraction.pages", "unknown value %q (want %s or %s)", c.Extraction.Pages, ExtractRelevantPages, ExtractAllPages)
	}
	for _, e := range c.Exports {
		if tables := crawl.ExportTables(); !slices.Contains(tables, e) {
			bad("exports", "unknown export %q (want one of %s)", e, strings.Join(tables, ", "))
		}
	}
	nonNeg := func(key string, v int64) {
		if v < 0 {
			bad(key, "must not be negative, got %d", v)
		}
	}
	nonNeg("max_pages", int64(c.MaxPages))
	nonNeg("scope.max_depth", int64(c.Scope.MaxDepth))
	nonNeg("scope.max_pages_per_host", int64(c.Scope.MaxPagesPerHost))
	for _, kv := range []struct {
		key string
		v   int
	}{
		{"scope.max_query_variants", c.Scope.MaxQueryVariants}, {"scope.max_urls_per_pattern", c.Scope.MaxURLsPerPattern},
		{"scope.max_links_per_page", c.Scope.MaxLinksPerPage}, {"dedup.distance", c.Dedup.Distance},
		{"dedup.pattern_limit", c.Dedup.PatternLimit},
	} {
		if kv.v < -1 {
			bad(kv.key, "must be -1 (none) or more, got %d", kv.v)
		}
	}
	if c.Dedup.Distance > dedup.MaxDistance {
		bad("dedup.distance", "must be at most %d, got %d", dedup.MaxDistance, c.Dedup.Distance)
	}
	if _, err := frontier.NewNormalizer(frontier.QueryRules{Strip: c.Scope.StripParams}); err != nil {
		bad("scope.strip_params", "%v", err)
	}
	if _, err := frontier.NewNormalizer(frontier.QueryRules{Keep: c.Scope.KeepParams}); err != nil {
		bad("scope.keep_params", "%v", err)
	}
	nonNeg("fetch.timeout", int64(c.Fetch.Timeout))
	nonNeg("fetch.max_body_size", c.Fetch.MaxBodySize)
	nonNeg("fetch.max_redirects", int64(c.Fetch.MaxRedirects))
	nonNeg("fetch.backoff", int64(c.Fetch.Backoff))
	nonNeg("fetch.stop_grace", int64(c.Fetch.StopGrace))
	nonNeg("politeness.delay", int64(c.Politeness.Delay))
	nonNeg("politeness.per_host_parallel", int64(c.Politeness.PerHostParallel))
	nonNeg("politeness.workers", int64(c.Politeness.Workers))
	nonNeg("politeness.max_crawl_delay", int64(c.Politeness.MaxCrawlDelay))
	switch ra := c.Politeness.RobotsAgent; {
	case ra != "" && !robots.ValidToken(ra):
		bad("politeness.robots_agent", "%q is not a product token (letters, '-' and '_' only, e.g. mybot)", ra)
	case ra == "" && c.Fetch.UserAgent != "" && robots.ProductToken(c.Fetch.UserAgent) == "":
		bad("politeness.robots_agent", "required: fetch.user_agent %q does not start with a product token", c.Fetch.UserAgent)
	}
	if c.Fetch.Proxy != "" {
		if _, err := crawler.ParseProxy(c.Fetch.Proxy); err != nil {
			bad("fetch.proxy", "%v", strings.TrimPrefix(err.Error(), "crawler: "))
		}
	}
	for name, value := range c.Fetch.Headers {
		switch {
		case !httpguts.ValidHeaderFieldName(name):
			bad("fetch.headers", "%q is not a valid header name", name)
		case !httpguts.ValidHeaderFieldValue(value):
			bad("fetch.headers", "%s: value %q has characters a header cannot carry", name, value)
		case slices.Contains([]string{"User-Agent", "Host", "Content-Length", "Transfer-Encoding", "Connection"}, http.CanonicalHeaderKey(name)):
			bad("fetch.headers", "%s cannot be set here (User-Agent: use fetch.user_agent)", name)
		case http.CanonicalHeaderKey(name) == "Cookie":
			bad("fetch.headers", "Cookie would go to every host: put cookies in fetch.cookies_file, each sent to its own domain")
		}
	}
	if c.Batch.Size < 1 {
		bad("batch.size", "must be at least 1, got %d", c.Batch.Size)
	}
	if c.Batch.Queue < 1 {
		bad("batch.queue", "must be at least 1, got %d", c.Batch.Queue)
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
	if !slices.Contains([]string{"online", "calibration", "svm"}, c.Hub.LinkModel) {
		bad("hub.link_model", "unknown link model %q (want online, calibration or svm)", c.Hub.LinkModel)
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
	if r := c.Topic.ThresholdRule; r != "" && r != "topical" && r != "seeds-mixture" {
		bad("topic.threshold_rule", "unknown rule %q (want seeds-mixture or topical)", r)
	}
	if l := c.Topic.LinkLabels; l != "" && l != "binary" && l != "soft" {
		bad("topic.link_labels", "unknown labels %q (want binary or soft)", l)
	}
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
	nonNeg("topic.focus_wait", int64(c.Topic.FocusWait))
	unit("clustering.d", c.Clustering.D)
	unit("clustering.alpha", c.Clustering.Alpha)
	unit("clustering.beta", c.Clustering.Beta)
	unit("topics.r", c.Topics.R)
	if !slices.Contains([]string{"auto", "en", "zh", "ja", "ko"}, c.Topic.Language) {
		bad("topic.language", "unknown language %q (want auto, en, zh, ja or ko)", c.Topic.Language)
	}
	if _, err := c.MemoryLimitBytes(); err != nil {
		bad("memory_limit", "%v", strings.TrimPrefix(err.Error(), "config: "))
	}
	errs = append(errs, c.Distributed.validate()...)
	if c.Distributed.Enabled() && c.Demo {
		bad("distributed", "not with demo: true (each process would serve its own demo site on its own ports)")
	}
	return errs
}
