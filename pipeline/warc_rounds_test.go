package pipeline_test

import (
	"fmt"
	"runtime/metrics"
	"time"
)

// crawlMeter reads the runtime's counters around one crawl of a benchmark,
// so a round's log says where a difference between crawls came from:
// garbage collections, their CPU (the runtime's estimate), time
// goroutines waited on mutexes.
type crawlMeter struct{ s []metrics.Sample }

var meterNames = []string{
	"/gc/cycles/total:gc-cycles",
	"/cpu/classes/gc/total:cpu-seconds",
	"/sync/mutex/wait/total:seconds",
}

func readMeter() crawlMeter {
	s := make([]metrics.Sample, len(meterNames))
	for i, n := range meterNames {
		s[i].Name = n
	}
	metrics.Read(s)
	return crawlMeter{s}
}

func (m crawlMeter) value(i int) float64 {
	v := m.s[i].Value
	switch v.Kind() {
	case metrics.KindUint64:
		return float64(v.Uint64())
	case metrics.KindFloat64:
		return v.Float64()
	}
	return 0
}

// since describes what happened between m0 and m.
func (m crawlMeter) since(m0 crawlMeter, wall, cpu time.Duration) string {
	d := func(i int) float64 { return m.value(i) - m0.value(i) }
	return fmt.Sprintf("wall %.3fs cpu %.3fs gc %.0f gc-cpu %.3fs mutex-wait %.3fs",
		wall.Seconds(), cpu.Seconds(), d(0), d(1), d(2))
}
