package fpc

import (
	"fmt"
	"slices"
)

// Row is the stored form of one cluster: its accumulated centre, size and
// fingerprints (the store keeps one row per cluster and the fingerprints
// in a table indexed by (position, value): the persisted inverted index).
type Row struct {
	ID           int64
	Size         int
	Centre       []byte
	Fingerprints [Fingerprints]uint16
}

// Clusterer keeps the clusters of a crawl and merges each batch into them
// (the Leader-Follower scheme of paper 000): MKmeans clusters the batch,
// then each sub-cluster joins the most similar stored cluster among its
// LSH candidates when that one is at least Alpha similar, or becomes a new
// cluster. It is not safe for concurrent use (OnBatch calls never overlap).
type Clusterer struct {
	cfg      Config
	clusters map[int64]*cluster
	ix       *index
	nextID   int64
	changed  map[int64]bool
	removed  map[int64]bool
	// reclusterProcs: goroutines Recluster uses; 0: every core (a test
	// sets 1 for the serial reference).
	reclusterProcs int
}

type cluster struct {
	acc *acc
	fp  [Fingerprints]uint16
}

// New returns an empty Clusterer.
func New(cfg Config) *Clusterer {
	return &Clusterer{cfg: cfg.withDefaults(), clusters: map[int64]*cluster{}, ix: newIndex(), nextID: 1, changed: map[int64]bool{}, removed: map[int64]bool{}}
}

// Len is the number of clusters.
func (c *Clusterer) Len() int { return len(c.clusters) }

// AddBatch clusters a batch of pages into the stored clusters and returns
// the cluster id of each page (ids start at 1).
func (c *Clusterer) AddBatch(pages []*Features) []int64 {
	if len(pages) == 0 {
		return nil
	}
	assign, accs := mkmeans(pages, &c.cfg, 1)
	return c.mergeBatch(assign, accs)
}

// mergeBatch merges the clusters MKmeans made of a batch (accs, each
// page's in assign) into c and returns each page's cluster id.
func (c *Clusterer) mergeBatch(assign []int, accs []*acc) []int64 {
	ids := make([]int64, len(accs))
	for k, a := range accs {
		ids[k] = c.mergeIn(a)
	}
	out := make([]int64, len(assign))
	for i, k := range assign {
		out[i] = ids[k]
	}
	return out
}

// mergeIn is algorithm 3 for one sub-cluster.
func (c *Clusterer) mergeIn(a *acc) int64 {
	cen := a.derive(&c.cfg)
	fp := fingerprints(cen.Sets[SetTagAttr])
	bestID, bestSim := int64(0), -1.0
	for _, id := range c.ix.candidates(fp, c.cfg.Beta) {
		if s := centreSim(cen, c.clusters[id].acc.derive(&c.cfg), &c.cfg); s > bestSim || (s == bestSim && id < bestID) {
			bestID, bestSim = id, s
		}
	}
	if bestSim >= c.cfg.Alpha {
		cl := c.clusters[bestID]
		cl.acc.merge(a)
		c.ix.remove(bestID, cl.fp)
		cl.fp = fingerprints(cl.acc.derive(&c.cfg).Sets[SetTagAttr])
		c.ix.add(bestID, cl.fp)
		c.changed[bestID] = true
		return bestID
	}
	id := c.nextID
	c.nextID++
	c.clusters[id] = &cluster{acc: a, fp: fp}
	c.ix.add(id, fp)
	c.changed[id] = true
	return id
}

// Changed returns the clusters changed since the last call, in id order,
// for the caller to store, and forgets them.
func (c *Clusterer) Changed() ([]Row, error) {
	ids := make([]int64, 0, len(c.changed))
	for id := range c.changed {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	rows := make([]Row, 0, len(ids))
	for _, id := range ids {
		cl := c.clusters[id]
		data, err := cl.acc.marshal()
		if err != nil {
			return nil, err
		}
		rows = append(rows, Row{ID: id, Size: cl.acc.N, Centre: data, Fingerprints: cl.fp})
	}
	clear(c.changed)
	return rows, nil
}

// Restore loads stored clusters (after New, before the first AddBatch), so
// a later run continues from them.
func (c *Clusterer) Restore(rows []Row) error {
	for _, r := range rows {
		a, err := unmarshalAcc(r.Centre)
		if err != nil {
			return fmt.Errorf("fpc: restore cluster %d: %w", r.ID, err)
		}
		fp := fingerprints(a.derive(&c.cfg).Sets[SetTagAttr])
		c.clusters[r.ID] = &cluster{acc: a, fp: fp}
		c.ix.add(r.ID, fp)
		c.nextID = max(c.nextID, r.ID+1)
	}
	return nil
}
