package config

import (
	"time"

	"github.com/crawl-project/crawl"
)

// Config is one crawl as a YAML file describes it. Every field has a
// documented default; Default returns them all. Durations are YAML strings
// such as "250ms" or "10s".
type Config struct {
	// Seeds are the start URLs. With demo: true they default to the demo
	// site's home pages.
	Seeds []string `yaml:"seeds"`
	// Demo serves the built-in offline demo site on free loopback ports and
	// crawls it. Seeds and topic seeds may then use the placeholders
	// {demo:N} (base URL of demo host N, from 0) and {sport:N} (N sport
	// article URLs of the demo site, spread over its sport section).
	Demo bool `yaml:"demo"`
	// DB is the SQLite store. Default "crawl.db".
	DB string `yaml:"db"`
	// Out is the directory CSV exports are written to at the end of a run.
	// Default "out". Empty list in Exports writes none.
	Out string `yaml:"out"`
	// Exports lists what is exported to Out at the end: pages, links,
	// records, clusters, harvest, topics. Default: all of them.
	Exports []string `yaml:"exports"`
	// MaxPages stops the crawl when the store holds this many pages. 0: no limit.
	MaxPages int `yaml:"max_pages"`
	// MemoryLimit is the soft limit on the Go heap that the crawl command
	// sets (runtime/debug.SetMemoryLimit): near it the garbage collector
	// runs more often, so a crawl whose OnBatch hooks keep many pages'
	// DOMs alive peaks near it instead of at twice its live heap. A byte
	// size (768MiB, the default, or 2GB) or "off". The GOMEMLIMIT
	// environment variable, when set, wins. Library users set their own.
	MemoryLimit string `yaml:"memory_limit"`
	// SeedsFile names a file of seed URLs, one a line (blank lines and
	// lines starting with # are skipped), added to Seeds. A relative path
	// is relative to the working directory.
	SeedsFile string `yaml:"seeds_file"`

	Scope      Scope      `yaml:"scope"`
	Fetch      Fetch      `yaml:"fetch"`
	Politeness Politeness `yaml:"politeness"`
	Batch      Batch      `yaml:"batch"`
	Dedup      Dedup      `yaml:"dedup"`

	Hub        Hub        `yaml:"hub"`
	Topic      Topic      `yaml:"topic"`
	Clustering Clustering `yaml:"clustering"`
	Extraction Extraction `yaml:"extraction"`
	Topics     Topics     `yaml:"topics"`

	WARC WARC `yaml:"warc"` // web archive of every exchange; off by default

	Distributed Distributed `yaml:"distributed"` // many processes share one crawl through Redis; off by default

	Serve Serve `yaml:"serve"`
}

// Serve configures the dashboard of `crawl -serve ADDR` and `crawl serve`.
type Serve struct {
	// Token, when set, must come with every dashboard request; it is
	// required to serve on any address that is not loopback, and to stop
	// the crawl from the dashboard. The -serve-token flag overrides it.
	Token string `yaml:"token"`
	// BFSReference, when set, is a BFS crawl's store or harvest.csv whose
	// harvest curve the dashboard draws beside this crawl's (relative to
	// the working directory). The -serve-bfs flag overrides it.
	BFSReference string `yaml:"bfs_reference"`
}

// Scope limits which URLs enter the frontier.
type Scope struct {
	// Domains allowed (a domain allows its subdomains). Default: the seeds' hosts.
	// Use ["*"] for the whole web.
	Domains     []string `yaml:"domains"`
	DenyDomains []string `yaml:"deny_domains"`
	AllowRegex  []string `yaml:"allow_regex"` // URL must match one of them (when set)
	DenyRegex   []string `yaml:"deny_regex"`  // URL must match none of them
	MaxDepth    int      `yaml:"max_depth"`   // seeds are depth 0; 0: no limit
	// StripParams are query (and ;path) parameter names or globs removed
	// from every URL, on top of frontier.DefaultStripParams (session ids,
	// utm_*, fbclid, gclid, …); KeepParams are kept even so (["*"]: all).
	StripParams []string `yaml:"strip_params"`
	KeepParams  []string `yaml:"keep_params"`
	// RobotsSitemaps reads the sitemaps that robots.txt files list and
	// queues their URLs (in scope only); default true. Seeds ending in
	// .xml or .xml.gz are read as sitemaps either way.
	RobotsSitemaps *bool `yaml:"robots_sitemaps"`
	// MaxPagesPerHost caps the URLs fetched from one host over the crawl
	// (a resumed crawl keeps its counts; a distributed crawl counts for
	// all its processes). 0: none.
	MaxPagesPerHost int `yaml:"max_pages_per_host"`
	// MaxQueryVariants caps the distinct URLs of one host and path that
	// differ only in the query; default 1000; -1: none.
	MaxQueryVariants int `yaml:"max_query_variants"`
	// MaxURLsPerPattern caps the distinct URLs of one host per path
	// pattern (digit runs generalised, query values dropped); default
	// 10000; -1: none.
	MaxURLsPerPattern int `yaml:"max_urls_per_pattern"`
	// MaxLinksPerPage caps the distinct out-links kept from one page;
	// default 10000; -1: none.
	MaxLinksPerPage int `yaml:"max_links_per_page"`
}

// Dedup configures duplicate detection.
type Dedup struct {
	Enabled *bool `yaml:"enabled"` // default true
	// Distance is the SimHash Hamming distance of near-duplicates; default
	// 6; -1: identical visible text only.
	Distance int `yaml:"distance"`
	// PatternLimit: a URL pattern with this many duplicates (at least
	// twice its distinct pages) is refused from then on; default 5; -1: never.
	PatternLimit int `yaml:"pattern_limit"`
}

// Fetch tunes HTTP fetching.
type Fetch struct {
	UserAgent     string        `yaml:"user_agent"`      // default "crawl/1.0 (+https://github.com/crawl-project/crawl)"
	Timeout       time.Duration `yaml:"timeout"`         // per request; default 20s
	Retries       int           `yaml:"retries"`         // for network errors, 429, 5xx; default 3; -1 for none
	Backoff       time.Duration `yaml:"backoff"`         // first retry delay, doubled each retry; default 500ms
	MaxBackoff    time.Duration `yaml:"max_backoff"`     // default 30s
	MaxRetryAfter time.Duration `yaml:"max_retry_after"` // longest Retry-After honoured; default 2m
	MaxBodySize   int64         `yaml:"max_body_size"`   // bytes; default 10485760
	MaxRedirects  int           `yaml:"max_redirects"`   // default 10
	ContentTypes  []string      `yaml:"content_types"`   // default [text/html, application/xhtml+xml]
	// Proxy is the proxy of every request: http://, https:// or socks5://
	// (user:password@host:port when it needs a login). Default: none (the
	// HTTP_PROXY/HTTPS_PROXY environment, as Go programs do).
	Proxy string `yaml:"proxy"`
	// Headers are sent with every request (pages, robots.txt, sitemaps),
	// e.g. Accept-Language or Authorization. User-Agent is
	// fetch.user_agent; Cookie is refused (it would go to every host): use
	// cookies_file.
	Headers map[string]string `yaml:"headers"`
	// CookiesFile is a Netscape cookie file (cookies.txt of curl, wget or a
	// browser export); each cookie is sent only to its domain and path.
	CookiesFile string `yaml:"cookies_file"`
	// StopGrace is how long fetches in flight may finish after Ctrl-C
	// (SIGINT/SIGTERM) before they are abandoned, their URLs left queued
	// for the next run; default 5s. A second Ctrl-C exits at once.
	StopGrace time.Duration `yaml:"stop_grace"`
}

// Politeness is how gently hosts are treated.
type Politeness struct {
	Robots          *bool         `yaml:"robots"`            // honour robots.txt; default true
	RobotsAgent     string        `yaml:"robots_agent"`      // product token matched against robots.txt groups; default the token of fetch.user_agent
	Delay           time.Duration `yaml:"delay"`             // between request starts on one host; default 250ms (see NoDelay)
	PerHostParallel int           `yaml:"per_host_parallel"` // default 2
	Workers         int           `yaml:"workers"`           // concurrent fetches overall; default 16
	MaxCrawlDelay   time.Duration `yaml:"max_crawl_delay"`   // cap on robots.txt Crawl-delay; default 10s
	NoDelay         bool          `yaml:"no_delay"`          // no delay between requests to a host (benchmarks, own sites)
}

// Batch sets how often OnBatch hooks run.
type Batch struct {
	Size int `yaml:"size"` // pages per batch; default 200
	// Queue is how many batches may wait while the OnBatch hooks work on
	// one, beside the fetching workers; only a full queue makes fetching
	// wait. Default 2.
	Queue int `yaml:"queue"`
	// MaxBytes ends a batch before Size pages once its pages' bodies
	// reach it (the DOMs a batch keeps for its hooks take about 7 times
	// their bodies). Default 8MiB.
	MaxBytes ByteSize `yaml:"max_bytes"`
}

// Hub configures the hub/topic URL classifier (paper 001) at OnURL.
type Hub struct {
	Enabled bool   `yaml:"enabled"`
	Model   string `yaml:"model"` // model path; default: the model shipped in classifiers/hub
	// Policy: tag (label and score only, default), boost (add Boost to hub
	// links' priority), hubs-beyond-depth (beyond Depth follow only hubs),
	// skip-hubs (do not follow predicted hubs).
	Policy string  `yaml:"policy"`
	Boost  float64 `yaml:"boost"` // default 0.5
	Depth  int     `yaml:"depth"` // for hubs-beyond-depth; default 2
	// URLOnly: the paper's classifier alone (a page's stored label from its
	// URL, no per-host calibration); default false: a fetched page is
	// labelled by its page evidence and each host's links are calibrated
	// against its fetched pages (classifiers/hub README).
	URLOnly bool `yaml:"url_only"`
	// LinkModel (unless URLOnly): how links are labelled before a fetch:
	// online (default: a per-host link model learning from the host's
	// fetched pages, revising queued links' labels), calibration (a
	// per-host Platt fit of the URL SVM after 20 pages) or svm (the URL
	// SVM alone).
	LinkModel string `yaml:"link_model"`
}

// Topic configures focused crawling (paper 003).
type Topic struct {
	Enabled bool `yaml:"enabled"`
	// Seeds are URLs of pages on the topic. Default: the crawl's seeds.
	Seeds []string `yaml:"seeds"`
	// Strategy: learned (default; our extension: an online link model
	// trained during the crawl), or the paper's bfs, best-first, adaptive.
	Strategy string `yaml:"strategy"`
	// Corpus is a directory of <topic>/*.txt for best-first with a trained
	// TF-IDF centroid; CorpusTopic names the topic's folder.
	Corpus      string  `yaml:"corpus"`
	CorpusTopic string  `yaml:"corpus_topic"`
	Relevance   float64 `yaml:"relevance"`   // cosine to the seed centroid for a page to count as relevant; 0 (default): calibrated from the seeds
	Calibration float64 `yaml:"calibration"` // with relevance 0: threshold = this × the calibrated one; 0: the package default (1.0)
	Retrain     int     `yaml:"retrain"`     // learned: pages between two trainings of the link model (a tenth of the pages seen once more); 0: the package default (10)
	Update      float64 `yaml:"update"`      // cosine to a seed page above which the centroid adapts; 0: the package default (0.4)
	DriftFloor  float64 `yaml:"drift_floor"` // drift guard: least cosine between current and seed centroid; 0: the package default (0.9)
	Language    string  `yaml:"language"`    // auto (default), en, zh, ja, ko
	Stem        bool    `yaml:"stem"`
	Terms       int     `yaml:"terms"` // feature terms kept from the seed pages; default 300
	// FixedRefresh: refresh the relevance threshold every 10 pages and train the link model every retrain pages
	// for the whole crawl (before session 8; the default spaces both out to a tenth of the pages seen)
	FixedRefresh bool `yaml:"fixed_refresh"`
	// ContentBytes: bytes of a page's content the topic model reads, its first (seed pages and fetched pages);
	// 0: the package default (3000); negative: the whole content (before session 9); classifiers/topic README
	ContentBytes int `yaml:"content_bytes"`
	// ThresholdRule (with relevance 0): seeds-mixture (default: the seeds and the pages seen) or topical (the same,
	// lowered to the crawl's lower tail when the crawl is the topic); classifiers/topic README
	ThresholdRule string `yaml:"threshold_rule"`
	// LinkLabels (learned): binary (default) or soft (examples labelled by the page's relevance share, and a
	// link's words scored by the fetched pages holding them); internal/linkgraph README, fifth round
	LinkLabels string `yaml:"link_labels"`
	// LinkContext is the weight of a link's own context (anchor text, and
	// with url_words its URL path words) in its priority, blended with its
	// page's cosine: an extension over the paper (link-context focused
	// crawling). 0 (default) is the paper's page-level priority.
	LinkContext float64 `yaml:"link_context"`
	// URLWords makes a page's URL path words part of its text (seed and
	// fetched pages) and of its links' contexts. Default false (the paper).
	URLWords bool `yaml:"url_words"`
	// FocusMargin keeps a best-first or adaptive crawl focused with several
	// workers: a link is dispatched only when its priority is within this
	// margin of the best queued link (frontier.Config.FocusMargin), so
	// free workers wait for the host of the better links instead of
	// fetching worse ones elsewhere. It trades speed for harvest: on the
	// demo site (8 workers) 0.1 raises the measured harvest from 0.61 to
	// 0.88 and cuts the speed from 115 to 9 pages/s, as the crawl waits on
	// the politeness delay of the host with the best links. 0 (default):
	// off. 0.1 worked best on the demo site's tuning topics.
	FocusMargin float64 `yaml:"focus_margin"`
	// FocusWait bounds the wait FocusMargin imposes
	// (frontier.Config.FocusWait): once free workers have waited this
	// long for the best links' host, they take the best ready host's
	// links until that host is ready again. 0 (default): no bound.
	FocusWait time.Duration `yaml:"focus_wait"`
}

// Clustering configures structural (template) clustering (paper 000) at OnBatch.
type Clustering struct {
	Enabled bool    `yaml:"enabled"`
	D       float64 `yaml:"d"`     // new-cluster threshold; default from clustering/fpc
	Alpha   float64 `yaml:"alpha"` // merge threshold; default from clustering/fpc
	Beta    float64 `yaml:"beta"`  // LSH candidate share; default 0.05
	// KeepSingletons: MKmeans as paper 000 has it, a page that seeded a
	// cluster no other page joined staying alone; default false, such a
	// page joins the most similar centre it is at least d similar to
	// (clustering/fpc README, "long pages in clusters of their own").
	KeepSingletons bool `yaml:"keep_singletons"`
}

// Extraction configures data-record extraction (paper 004) per cluster.
type Extraction struct {
	Enabled    bool `yaml:"enabled"`
	MinRecords int  `yaml:"min_records"` // pages with fewer records yield none; default 2
	// LearnedRegions tries the region a template cluster learned first on
	// each page of the cluster (extraction.ExtractBatch; batches then hold
	// every page's DOM). false (default): each page is analysed on its own
	// in the fetch worker (paper 004's per-page path,
	// extraction.WithPageAnalysis) and its DOM dropped after OnPage.
	LearnedRegions bool `yaml:"learned_regions"`
	// Pages is which pages records are extracted from: "relevant" (the
	// default when topic focus is on) extracts the pages the topic judged
	// relevant (crawl.Page.Relevant, the pages the harvest counts), as a
	// focused crawler keeps its on-topic pages; "all" (the default without
	// topic focus) extracts every page fetched.
	Pages string `yaml:"pages"`
}

// Values of Extraction.Pages.
const (
	ExtractRelevantPages = "relevant"
	ExtractAllPages      = "all"
)

// RelevantOnly reports whether records are extracted from the relevant
// pages only: topic focus is on and extraction.pages is not "all".
func (c *Config) RelevantOnly() bool {
	return c.Topic.Enabled && c.Extraction.Pages != ExtractAllPages
}

// Topics configures fuzzy topic grouping (paper 002) at the end of a crawl.
type Topics struct {
	Enabled bool    `yaml:"enabled"`
	R       float64 `yaml:"r"` // cut level; default 0.24
	// Paper: the paper's method exactly (no per-site title templates, no
	// in-site word frequencies, no topic size cap, single pages counted as
	// topics); default false (clustering/fuzzy README).
	Paper bool `yaml:"paper"`
}

// Default returns a Config with every default filled in.
func Default() Config {
	var c Config
	c.fill()
	return c
}

func (c *Config) fill() {
	if c.DB == "" {
		c.DB = "crawl.db"
	}
	if c.Out == "" {
		c.Out = "out"
	}
	if c.Exports == nil {
		c.Exports = crawl.ExportTables()
	}
	if c.Scope.RobotsSitemaps == nil {
		t := true
		c.Scope.RobotsSitemaps = &t
	}
	if c.Dedup.Enabled == nil {
		t := true
		c.Dedup.Enabled = &t
	}
	if c.Dedup.Distance == 0 {
		c.Dedup.Distance = 6
	}
	if c.Dedup.PatternLimit == 0 {
		c.Dedup.PatternLimit = 5
	}
	if c.Scope.MaxQueryVariants == 0 {
		c.Scope.MaxQueryVariants = 1000
	}
	if c.Scope.MaxURLsPerPattern == 0 {
		c.Scope.MaxURLsPerPattern = 10000
	}
	if c.Scope.MaxLinksPerPage == 0 {
		c.Scope.MaxLinksPerPage = 10000
	}
	if c.Batch.Size == 0 {
		c.Batch.Size = 200
	}
	if c.Batch.MaxBytes == 0 {
		c.Batch.MaxBytes = 8 << 20
	}
	if c.Batch.Queue == 0 {
		c.Batch.Queue = 2
	}
	if c.Hub.Policy == "" {
		c.Hub.Policy = "tag"
	}
	if c.Hub.Boost == 0 {
		c.Hub.Boost = 0.5
	}
	if c.Hub.Depth == 0 {
		c.Hub.Depth = 2
	}
	if c.Hub.LinkModel == "" {
		c.Hub.LinkModel = "online"
	}
	if c.Topic.Strategy == "" {
		c.Topic.Strategy = "learned"
	}
	if c.Topic.Language == "" {
		c.Topic.Language = "auto"
	}
	if c.Topic.Terms == 0 {
		c.Topic.Terms = 300
	}
	if c.Clustering.Beta == 0 {
		c.Clustering.Beta = 0.05
	}
	if c.Extraction.MinRecords == 0 {
		c.Extraction.MinRecords = 2
	}
	if c.Topics.R == 0 {
		c.Topics.R = 0.24
	}
}
