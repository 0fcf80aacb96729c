package export

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/store"
)

// Whats are the exportable tables (crawl.ExportTables).
var Whats = crawl.ExportTables()

// Formats are the output formats.
var Formats = []string{"csv", "jsonl"}

// rowWriter writes one table row by row in one format.
type rowWriter interface {
	header(cols []string) error
	row(vals []any) error
	rowOf(lead []any, rest []string) error // row(lead, then rest)
	flush() error
}

func newRowWriter(w io.Writer, format string) (rowWriter, error) {
	switch format {
	case "csv":
		return newCSVWriter(w), nil
	case "jsonl":
		return &jsonWriter{enc: json.NewEncoder(w)}, nil
	}
	return nil, fmt.Errorf("export: unknown format %q (want csv or jsonl)", format)
}

type jsonWriter struct {
	enc  *json.Encoder
	cols []string
}

func (j *jsonWriter) header(cols []string) error {
	j.cols = cols
	return nil
}

func (j *jsonWriter) row(vals []any) error {
	obj := make(map[string]any, len(vals))
	for i, v := range vals {
		if t, ok := v.(time.Time); ok {
			v = format(t)
		}
		obj[j.cols[i]] = v
	}
	return j.enc.Encode(obj)
}

func (j *jsonWriter) rowOf(lead []any, rest []string) error {
	vals := make([]any, 0, len(lead)+len(rest))
	vals = append(vals, lead...)
	for _, v := range rest {
		vals = append(vals, v)
	}
	return j.row(vals)
}

func (j *jsonWriter) flush() error { return nil }

func format(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case int:
		return strconv.Itoa(x)
	case int64:
		return strconv.FormatInt(x, 10)
	case float64:
		return strconv.FormatFloat(x, 'g', -1, 64)
	case bool:
		if x {
			return "1"
		}
		return "0"
	case time.Time:
		if x.IsZero() {
			return ""
		}
		return x.UTC().Format(time.RFC3339Nano)
	}
	return fmt.Sprint(v)
}

// Write writes table what of st to w in format.
func Write(ctx context.Context, st *store.Store, what, format string, w io.Writer) error {
	rw, err := newRowWriter(w, format)
	if err != nil {
		return err
	}
	switch what {
	case "pages":
		err = pages(ctx, st, rw)
	case "links":
		err = links(ctx, st, rw)
	case "records":
		var plan *tablePlan
		if plan, err = storePlan(ctx, st); err == nil {
			err = records(ctx, st, rw, nil, plan)
		}
	case "clusters":
		err = clusters(ctx, st, rw)
	case "harvest":
		err = harvest(ctx, st, rw)
	case "topics":
		err = topics(ctx, st, rw)
	case "failures":
		err = failures(ctx, st, rw)
	default:
		return fmt.Errorf("export: unknown table %q (want one of %s)", what, strings.Join(Whats, ", "))
	}
	if err != nil {
		return fmt.Errorf("export %s: %w", what, err)
	}
	return rw.flush()
}

// pageColumns are the fixed columns of the pages table.
var pageColumns = []string{"seq", "url", "final_url", "status", "depth", "parent", "score", "label",
	"label_score", "relevance", "relevant", "cluster", "topic", "title", "content_type", "size", "fetched_at"}

// pages writes the pages table: the fixed columns, then one column per
// annotation name stored on any page (crawl.Page.Annotate), sorted; a
// page without that annotation has "" there. An annotation named like a
// fixed column gets the column "annotation:NAME".
func pages(ctx context.Context, st *store.Store, rw rowWriter) error {
	pr, err := newPageRows(ctx, []*store.Store{st}, rw)
	if err != nil {
		return err
	}
	return st.ExportPages(ctx, func(r store.PageRow) error { return pr.write(r) })
}

// pageRows writes rows of the pages table: the fixed columns and one per
// annotation name stored on a page of any of the stores.
type pageRows struct {
	rw    rowWriter
	names []string
	row   []any
}

// newPageRows writes the header of the pages table of stores: the fixed
// columns, then the annotation names of all stores, sorted.
func newPageRows(ctx context.Context, stores []*store.Store, rw rowWriter) (*pageRows, error) {
	var names []string
	for _, st := range stores {
		ns, err := st.AnnotationNames(ctx)
		if err != nil {
			return nil, err
		}
		names = append(names, ns...)
	}
	slices.Sort(names)
	names = slices.Compact(names)
	cols := append([]string(nil), pageColumns...)
	for _, n := range names {
		if slices.Contains(pageColumns, n) {
			n = "annotation:" + n
		}
		cols = append(cols, n)
	}
	if err := rw.header(cols); err != nil {
		return nil, err
	}
	return &pageRows{rw: rw, names: names, row: make([]any, len(cols))}, nil
}

// write writes r as it is (the caller sets its seq, cluster and topic).
func (p *pageRows) write(r store.PageRow) error {
	copy(p.row, []any{r.Seq, r.URL, r.FinalURL, r.Status, r.Depth, r.Parent, r.Priority, r.Label,
		r.Score, r.Relevance, r.Relevant, r.Cluster, r.Topic, r.Title, r.ContentType, r.Size, r.FetchedAt})
	for i, n := range p.names {
		p.row[len(pageColumns)+i] = r.Annotations[n]
	}
	return p.rw.row(p.row)
}

// linkColumns are the links table's columns. rel (crawl.Link.Rel: the rel
// of a navigation <link> of the page's head, "" for a body link) came
// last, after the columns older exports had.
var linkColumns = []string{"from_seq", "from_url", "pos", "to_url", "anchor", "rel"}

func links(ctx context.Context, st *store.Store, rw rowWriter) error {
	if err := rw.header(linkColumns); err != nil {
		return err
	}
	// A page's links come one after another: its seq and URL are boxed
	// once for all of them, and the row's slices are reused, so a link
	// costs no allocation here (BenchmarkLinksExport).
	lead, rest := make([]any, 3), make([]string, 3)
	seq := int64(-1)
	return st.ExportLinks(ctx, func(r store.LinkRow) error {
		if r.FromSeq != seq {
			seq, lead[0], lead[1] = r.FromSeq, r.FromSeq, r.FromURL
		}
		lead[2] = r.Pos
		rest[0], rest[1], rest[2] = r.ToURL, r.Anchor, r.Rel
		return rw.rowOf(lead, rest)
	})
}

func clusters(ctx context.Context, st *store.Store, rw rowWriter) error {
	if err := rw.header([]string{"cluster", "size", "pages", "records", "updated", "fingerprints"}); err != nil {
		return err
	}
	return st.ExportClusters(ctx, func(r store.ClusterExportRow) error {
		fps := make([]string, len(r.Fingerprints))
		for i, f := range r.Fingerprints {
			fps[i] = fmt.Sprintf("%04x", f)
		}
		return rw.row([]any{r.ID, r.Size, r.Pages, r.Records, r.Updated, strings.Join(fps, " ")})
	})
}

// harvest writes the harvest curve: after each page in fetch order, the
// share of fetched pages so far that were relevant to the topic.
func harvest(ctx context.Context, st *store.Store, rw rowWriter) error {
	return harvestRows(ctx, st, rw, nil)
}

// harvestRows is harvest, appending each page's relevance to s too when s
// is not nil (the plot's series, from the same pass over the pages).
func harvestRows(ctx context.Context, st *store.Store, rw rowWriter, s *Series) error {
	if err := rw.header([]string{"pages", "seq", "url", "relevance", "relevant", "relevant_so_far", "harvest_rate"}); err != nil {
		return err
	}
	var n, rel int64
	return st.ExportPages(ctx, func(r store.PageRow) error {
		n++
		if r.Relevant {
			rel++
		}
		if s != nil {
			s.Relevant = append(s.Relevant, r.Relevant)
		}
		return rw.row([]any{n, r.Seq, r.URL, r.Relevance, r.Relevant, rel, float64(rel) / float64(n)})
	})
}

// topics writes url,topic,size,top_words for every page with a topic.
func topics(ctx context.Context, st *store.Store, rw rowWriter) error {
	words, err := st.TopicWords(ctx)
	if err != nil {
		return err
	}
	// One pass over the pages (each page's topic is read past its HTML,
	// through the row's overflow pages): the pages with a topic are kept
	// for the rows, which need every topic's size first.
	type page struct {
		url   string
		topic int64
	}
	var pages []page
	size := map[int64]int{}
	if err := st.ExportPages(ctx, func(r store.PageRow) error {
		if r.Topic != 0 {
			size[r.Topic]++
			pages = append(pages, page{r.URL, r.Topic})
		}
		return nil
	}); err != nil {
		return err
	}
	if err := rw.header([]string{"url", "topic", "size", "top_words"}); err != nil {
		return err
	}
	for _, p := range pages {
		if err := rw.row([]any{p.url, p.topic, size[p.topic], strings.Join(words[p.topic], " ")}); err != nil {
			return err
		}
	}
	return nil
}

// failures writes every URL that failed for good: what kind of failure,
// the HTTP status (0 without a response), the error, how many requests
// were sent, and when.
func failures(ctx context.Context, st *store.Store, rw rowWriter) error {
	if err := rw.header([]string{"url", "kind", "status", "error", "attempts", "time", "depth", "parent"}); err != nil {
		return err
	}
	return st.ExportFailures(ctx, func(f crawl.Failure) error {
		return rw.row([]any{f.URL, f.Kind, f.Status, f.Message, f.Attempts, f.At, f.Depth, f.Parent})
	})
}

// ValidWhat reports whether what names an exportable table.
func ValidWhat(what string) bool { return slices.Contains(Whats, what) }
