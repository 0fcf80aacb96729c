package topic

// Update is the paper's adaptive correction. When the cosine of v to some
// seed page exceeds Config.Update, v is folded into the current centroid:
//
//	M_n = (M_p · (n + UpdateCount) + v) / (n + UpdateCount + 1)
//
// with n the number of seed pages and UpdateCount the updates so far, so the
// centroid stays the mean of the seed pages and every page folded in.
//
// Drift guard: the seed centroid is kept as an anchor, and an update that
// would bring cos(M_n, seed centroid) below Config.DriftFloor is rejected (and
// counted, see Updates). Each single page's weight shrinks as 1/(n+k+1),
// but many slightly-off pages could still walk the centroid away step by
// step; the guard bounds the whole walk, not one step. The feature space
// is also fixed by the seed pages, so no new vocabulary can take over.
//
// Update reports whether v was folded in. It is safe for concurrent use;
// updates are serialised and scoring never waits for them.
func (m *Model) Update(v Vector) bool {
	if v.Len() == 0 || len(m.seeds) == 0 || m.MaxSeedPageScore(v) <= m.cfg.Update {
		return false
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	cur := m.cur.Load()
	w := float64(len(m.seeds) + cur.updates)
	next := make([]float64, len(cur.c))
	for i, x := range cur.c {
		next[i] = x * w
	}
	for k, i := range v.idx {
		next[i] += v.val[k]
	}
	for i := range next {
		next[i] /= w + 1
	}
	if m.cfg.DriftFloor >= 0 && cosDense(next, m.anchor) < m.cfg.DriftFloor {
		m.rejected.Add(1)
		return false
	}
	m.cur.Store(&centroid{c: next, norm: norm(next), updates: cur.updates + 1})
	if m.share != nil {
		m.share.Folded(Fold{Idx: v.idx, Val: v.val})
	}
	return true
}
