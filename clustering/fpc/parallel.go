package fpc

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// The final pass (Recluster) runs alone after the last page is fetched,
// so it takes the idle cores, in two ways, each computing exactly what the
// serial pass computes (TestReclusterParallelIdentical):
//
//   - Across batches (addBatches): MKmeans of a batch depends on its own
//     pages only, so the batches' MKmeans run side by side, and their
//     clusters are merged into the stored ones in the batches' order.
//     This is the coarse grain that pays: waking an idle core's thread
//     takes 80–300 µs on the 2-core machine this was measured on, longer
//     than most loops of one batch.
//   - Within a loop, for the Digests of the pages and, when the pass is a
//     single batch, MKmeans' own loops: the similarities of the pages to
//     the centres (assignAll) and the rebuilding of the clusters'
//     accumulators (rebuildAll). Each goroutine computes whole units (a
//     page's digest or similarities, one layer or set accumulator) as the
//     serial loop does and writes them where it would; every sum across
//     units is still taken by one goroutine in the serial order.
//
// Left serial: within a batch, the seeding of MKmeans (each page is
// compared with the centres the pages before it seeded), the merging of
// close centres (each merge decides the next; merging a pair's layers and
// sets on two goroutines measured slower, 2.6 → 3.2 ms a PostgreSQL pass),
// the singletons' moves (rare); the merging of each batch's clusters into
// the stored ones, in order (it overlaps the later batches' MKmeans).
// The incremental batches are serial too: they run beside the fetch
// workers, and even with no crawl running the assignment on two cores (as
// it was from 03b23e6 to this change) gained at most 3 % over one (AddBatch
// over the Python docs in batches of 200, median 11.1 ms against 11.4; the
// PostgreSQL docs 25.0 against 23.8, slower).

// finalProcs is the number of goroutines Recluster's loops use: every
// core the runtime may use.
func finalProcs() int { return runtime.GOMAXPROCS(0) }

// chunks calls f on the contiguous parts of [0, n) grain long (the last
// one shorter), on up to procs goroutines (the caller's among them), each
// goroutine taking the next part no goroutine has taken: a goroutine
// slowed down (its core busy with another process) takes fewer parts, and
// the parts are long enough that no two goroutines write to one cache
// line but at their ends. With one part, it calls f(0, n) on the caller's
// goroutine alone.
func chunks(procs, n, grain int, f func(lo, hi int)) {
	grain = max(1, grain)
	parts := (n + grain - 1) / grain
	k := min(procs, parts)
	if k <= 1 {
		f(0, n)
		return
	}
	var next atomic.Int64
	var caught panicked
	run := func() {
		defer caught.recover()
		for p := int(next.Add(1)) - 1; p < parts; p = int(next.Add(1)) - 1 {
			f(p*grain, min(n, (p+1)*grain))
		}
	}
	var wg sync.WaitGroup
	for range k - 1 {
		wg.Go(run)
	}
	run()
	wg.Wait()
	caught.repanic()
}

// panicked keeps the first panic of the goroutines of a parallel loop, to
// raise it again on the caller's goroutine once they all ended, where the
// hook runner recovers it (a page's features that break the pass fail the
// batch's hook, not the process).
type panicked struct {
	once sync.Once
	val  any
	hit  atomic.Bool
}

// recover is deferred by each goroutine of the loop.
func (p *panicked) recover() {
	if v := recover(); v != nil {
		p.once.Do(func() { p.val = v; p.hit.Store(true) })
	}
}

// repanic raises the panic kept, if any.
func (p *panicked) repanic() {
	if p.hit.Load() {
		panic(p.val)
	}
}

// tasks calls f(0), …, f(n-1) as chunks does, one task a part: for units
// of uneven cost.
func tasks(procs, n int, f func(i int)) {
	chunks(procs, n, 1, func(lo, _ int) { f(lo) })
}
