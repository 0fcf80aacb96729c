package pipeline

import (
	"cmp"
	"context"
	"fmt"
	"runtime"
	"sync"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/clustering/fpc"
	"github.com/crawl-project/crawl/clustering/fuzzy"
	"github.com/crawl-project/crawl/config"
	"github.com/crawl-project/crawl/export"
	"github.com/crawl-project/crawl/htmldecode"
	"github.com/crawl-project/crawl/store"
)

// The mining of a distributed crawl's stores as one crawl. Each process
// clusters its own pages by template and extracts their records at
// OnBatch, with its own cluster ids; the merged export puts them in one id
// space here, after the crawl: it reclusters every taken page of every
// store (features from the stored HTML) in canonical order, as the final
// pass of a one-process crawl does (fpc.Clusterer.Recluster, with the
// crawl's batch size), so the same pages get the same partition whether
// one process or N fetched them; records follow their page. Fuzzy topics
// are computed on the merged pages. The alternative, template centres
// shared in Redis while the processes crawl, is the incremental merge in
// an interleaved order: on the PostgreSQL subset split over 4 stores
// (TestMergedMiningEqualsOneProcess) it gives ARI 0.24–0.31 against the
// one-process partition at its best (simulated, no race), this merge 1.0,
// the stores' centres merged 0.32; and it costs Redis round trips at
// every batch. On the demo site (internal/distbench, TestMiningNvs1),
// whose templates are far apart, the merge's ARI is 1.0 too. One process
// owning OnBatch would need every page's HTML sent to it and would make
// it the bottleneck, for the partition this merge gives anyway.

// Merge methods of template clusters (MergeConfig.Clusters).
const (
	// MergeRecluster reclusters the taken pages of every store in
	// canonical order: the partition a one-process crawl's final pass
	// gives; each page's HTML is parsed again (features of 4.5–9.3 KB a
	// page are kept until the end).
	MergeRecluster = "recluster"
	// MergeCentres merges the stores' stored cluster centres
	// (fpc.Clusterer.Merge): no page is read, each page keeps its store's
	// cluster mapped to the merged one.
	MergeCentres = "centres"
)

// MergeConfig configures MineMerged.
type MergeConfig struct {
	Clustering fpc.Config
	Batch      int          // the crawl's batch size (config batch.size): the recluster's batches
	Topics     fuzzy.Config // fuzzy topics over the merged pages
	Clusters   string       // MergeRecluster (default) or MergeCentres
	// MaxRecluster bounds the pages MergeRecluster keeps features of;
	// beyond it the centres are merged (default finalPassPages, the
	// bound of a one-process crawl's final pass).
	MaxRecluster int
}

// MergeConfigOf is the merge configuration of a crawl configuration
// (clustering, batch size and topics as the crawl used them).
func MergeConfigOf(cfg *config.Config) MergeConfig {
	return MergeConfig{
		Clustering: fpcConfig(cfg),
		Batch:      cfg.Batch.Size,
		Topics:     fuzzy.Config{Threshold: cfg.Topics.R, Paper: cfg.Topics.Paper},
	}
}

// MergeReport says what MineMerged did.
type MergeReport struct {
	Pages, Clustered int    // pages taken; of them with a template cluster
	Clusters, Topics int    // merged clusters and topics
	Method           string // the cluster merge used
}

// takenPage is a page of one store taken for the merge.
type takenPage struct {
	key     export.PageKey
	cluster int64 // its cluster in its store (0: not clustered there)
}

// MineMerged computes the template clusters and fuzzy topics of several
// stores taken as one crawl, each URL once: of a URL several stores hold,
// the copy export.TakenPages says, as in export.WriteMerged.
func MineMerged(ctx context.Context, stores []*store.Store, cfg MergeConfig) (*export.Mined, MergeReport, error) {
	taken, docs, err := takePages(ctx, stores)
	if err != nil {
		return nil, MergeReport{}, err
	}
	m := &export.Mined{Cluster: map[export.PageKey]int64{}, Topic: map[export.PageKey]int64{}}
	rep := MergeReport{Pages: len(taken), Method: cmp.Or(cfg.Clusters, MergeRecluster)}
	var clustered []takenPage
	for _, p := range taken {
		if p.cluster != 0 {
			clustered = append(clustered, p)
		}
	}
	rep.Clustered = len(clustered)
	if rep.Method == MergeRecluster && len(clustered) > cmp.Or(cfg.MaxRecluster, finalPassPages) {
		rep.Method = MergeCentres
	}
	c := fpc.New(cfg.Clustering)
	switch rep.Method {
	case MergeRecluster:
		err = recluster(ctx, stores, clustered, c, cfg.Batch, m)
	case MergeCentres:
		err = mergeCentres(ctx, stores, clustered, c, m)
	default:
		err = fmt.Errorf("pipeline: merge clusters %q: want %s or %s", cfg.Clusters, MergeRecluster, MergeCentres)
	}
	if err != nil {
		return nil, rep, err
	}
	rows, err := c.Changed()
	if err != nil {
		return nil, rep, fmt.Errorf("pipeline: merged clusters: %w", err)
	}
	for _, r := range rows {
		m.Clusters = append(m.Clusters, export.MinedCluster{ID: r.ID, Size: r.Size, Fingerprints: r.Fingerprints})
	}
	rep.Clusters = len(rows)
	if err := mergedTopics(ctx, taken, docs, cfg.Topics, m); err != nil {
		return nil, rep, err
	}
	rep.Topics = len(m.Words)
	return m, rep, nil
}

// takePages lists the pages taken from the stores (of a URL several
// stores hold, the copy export.TakenPages says) in merged order, and their
// topic documents, numbered from 1 in that order.
func takePages(ctx context.Context, stores []*store.Store) ([]takenPage, []fuzzy.Doc, error) {
	which, err := export.TakenPages(ctx, stores)
	if err != nil {
		return nil, nil, fmt.Errorf("pipeline: merge: %w", err)
	}
	var taken []takenPage
	var docs []fuzzy.Doc
	for i, st := range stores {
		err := st.PagesNoHTML(ctx, func(p *crawl.Page) error {
			if k, ok := which[p.URL]; ok && k != (export.PageKey{Store: i, Seq: p.Seq}) {
				return nil
			}
			taken = append(taken, takenPage{key: export.PageKey{Store: i, Seq: p.Seq}, cluster: p.Cluster})
			d := TopicDoc(p)
			d.ID = int64(len(taken))
			docs = append(docs, d)
			return nil
		})
		if err != nil {
			return nil, nil, fmt.Errorf("pipeline: merge: store %s: %w", st.Path(), err)
		}
	}
	return taken, docs, nil
}

// recluster clusters the pages again from their stored HTML, in canonical
// order (fpc.Clusterer.Recluster), in batches of batch pages.
func recluster(ctx context.Context, stores []*store.Store, pages []takenPage, c *fpc.Clusterer, batch int, m *export.Mined) error {
	want := make(map[export.PageKey]int, len(pages))
	for i, p := range pages {
		want[p.key] = i
	}
	feats, err := extractStored(ctx, stores, want, len(pages))
	if err != nil {
		return err
	}
	var keys []export.PageKey
	var fs []*fpc.Features
	for i, f := range feats {
		if f != nil {
			keys, fs = append(keys, pages[i].key), append(fs, f)
		}
	}
	for i, id := range c.Recluster(fs, nil, batch) {
		m.Cluster[keys[i]] = id
	}
	c.Removed()
	return nil
}

// extractStored reads the HTML of the wanted pages (key → index) and
// extracts their features on every CPU; a page that no longer parses has
// none (left unclustered).
func extractStored(ctx context.Context, stores []*store.Store, want map[export.PageKey]int, n int) ([]*fpc.Features, error) {
	type job struct {
		i    int
		html []byte
	}
	feats := make([]*fpc.Features, n)
	jobs := make(chan job, 64)
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobs {
				if doc, err := htmldecode.Parse(j.html, "text/html; charset=utf-8"); err == nil { // stored decoded
					feats[j.i] = fpc.Extract(doc)
				}
			}
		}()
	}
	var err error
	for si, st := range stores {
		err = st.Pages(ctx, func(p *crawl.Page) error {
			if i, ok := want[export.PageKey{Store: si, Seq: p.Seq}]; ok {
				jobs <- job{i, p.HTML}
			}
			return ctx.Err()
		})
		if err != nil {
			err = fmt.Errorf("pipeline: merge: store %s: %w", st.Path(), err)
			break
		}
	}
	close(jobs)
	wg.Wait()
	return feats, err
}

// mergeCentres merges the stores' clusters by their centres; each page
// takes the merged id of its store's cluster.
func mergeCentres(ctx context.Context, stores []*store.Store, pages []takenPage, c *fpc.Clusterer, m *export.Mined) error {
	type storeCluster struct {
		store int
		id    int64
	}
	var rows []fpc.Row
	var from []storeCluster
	for si, st := range stores {
		stored, err := st.Clusters(ctx)
		if err != nil {
			return fmt.Errorf("pipeline: merge: store %s: %w", st.Path(), err)
		}
		for _, r := range stored {
			if r.MergedInto == 0 {
				rows = append(rows, fpc.Row{ID: r.ID, Size: r.Size, Centre: r.Centre, Fingerprints: r.Fingerprints})
				from = append(from, storeCluster{si, r.ID})
			}
		}
	}
	ids, err := c.Merge(rows)
	if err != nil {
		return fmt.Errorf("pipeline: merge: %w", err)
	}
	to := make(map[storeCluster]int64, len(ids))
	for i, id := range ids {
		to[from[i]] = id
	}
	for _, p := range pages {
		if id := to[storeCluster{p.key.Store, p.cluster}]; id != 0 {
			m.Cluster[p.key] = id
		}
	}
	return nil
}

// mergedTopics groups the merged pages into fuzzy topics.
func mergedTopics(ctx context.Context, taken []takenPage, docs []fuzzy.Doc, cfg fuzzy.Config, m *export.Mined) error {
	if len(docs) == 0 {
		return nil
	}
	res, err := fuzzy.Cluster(ctx, docs, cfg)
	if err != nil {
		return fmt.Errorf("pipeline: merged topics: %w", err)
	}
	for id, t := range res.Assignments() {
		m.Topic[taken[id-1].key] = t
	}
	m.Words = res.TopWords()
	return nil
}
