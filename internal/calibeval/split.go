package calibeval

// Sources of topics.
const (
	SourceDemo        = "demo"        // the demo site's sections (internal/harvest)
	SourcePython      = "pydocs"      // Python 3.11 docs chapters (linkgraph testdata/pydocs.json.gz)
	SourcePostgres    = "pgdocs"      // PostgreSQL 15 docs parts and chapters (pgdocs.json.gz)
	SourceWikispeedia = "wikispeedia" // Wikispeedia categories (wikispeedia.json.gz)
)

// Topic is one topic with known truth: a label of a source.
type Topic struct {
	Source string
	Name   string
}

func (t Topic) String() string { return t.Source + ":" + t.Name }

// Tuning are the topics every choice of the calibration rule was made on
// (declared 2026-11-25 14:50 UTC, classifiers/topic/README.md).
var tuning = map[string][]string{
	SourceDemo:     {"business", "entertainment", "politics", "tech"},
	SourcePython:   {"library/ipc", "tutorial", "c-api", "howto", "library/asyncio", "library/concurrency"},
	SourcePostgres: {"admin", "reference", "internals", "client-interfaces", "catalogs", "spi", "tutorial"},
	SourceWikispeedia: {"Science.Chemistry", "Science.Biology.Mammals", "History.Military_History_and_War",
		"Science.Biology.Plants", "Design_and_Technology.Engineering", "Geography.Geography_of_Great_Britain",
		"Language_and_literature.Languages", "Science.Physics.Space_Astronomy", "Religion", "IT"},
}

// report are the topics run once with the rule frozen.
var report = map[string][]string{
	SourceDemo: {"sport"},
	SourcePython: {"library/internet", "library/superseded", "library/netdata", "whatsnew", "library/email",
		"library/allos", "library/datatypes", "library/python", "library/markup"},
	SourcePostgres: {"sql", "server-programming", "appendixes", "contrib", "information-schema", "views", "ecpg"},
	SourceWikispeedia: {"Geography.Central_and_South_American_Geography", "Geography.European_Geography",
		"Geography.General_Geography", "Geography.Geography_of_Oceania_Australasia", "History.British_History",
		"History.General_history", "History.Recent_History", "People.Monarchs_of_Great_Britain",
		"People.Performers_and_composers", "People.Political_People", "Science.Biology.General_Biology",
		"Everyday_life.Television", "Countries"},
}

// Split returns the topics of a split ("tuning" or "report"), sources in
// the order demo, Python, PostgreSQL, Wikispeedia; ok is false for an
// unknown split.
func Split(name string) ([]Topic, bool) {
	var m map[string][]string
	switch name {
	case "tuning":
		m = tuning
	case "report":
		m = report
	default:
		return nil, false
	}
	var out []Topic
	for _, s := range []string{SourceDemo, SourcePython, SourcePostgres, SourceWikispeedia} {
		for _, n := range m[s] {
			out = append(out, Topic{Source: s, Name: n})
		}
	}
	return out, true
}
