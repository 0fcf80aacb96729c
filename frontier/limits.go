package frontier

import (
	"strings"
	"sync"

	"github.com/cespare/xxhash/v2"
)

// Limits stop runaway URL spaces (endless calendars, faceted search,
// session-id mazes): a new URL is refused once its host has this many
// distinct URLs of the same shape in the frontier. The zero value limits
// nothing. The counts cover every URL the frontier ever admitted: a
// persisted backend re-counts its rows when it is opened again (Limiter.Count),
// the Redis backend keeps its sketches in Redis for all its processes.
type Limits struct {
	// MaxQueryVariants caps the distinct URLs of one host and path that
	// differ only in their query (/cal?d=1, /cal?d=2, …). 0: no cap.
	MaxQueryVariants int
	// MaxURLsPerPattern caps the distinct URLs of one host whose paths
	// have the same pattern: every run of digits read as one wildcard, the
	// query reduced to its parameter names (/cal/2024/05/12 and
	// /cal/1999/01/01 share /cal/#/#/#). 0: no cap.
	MaxURLsPerPattern int
}

// Names of the limit rules in Refused.
const (
	RuleQueryVariants  = "max-query-variants"
	RuleURLsPerPattern = "max-urls-per-pattern"
)

// Limiter applies Limits (the memory and SQLite backends use one) with two count-min sketches (4 rows of 2¹⁸
// counters, conservative update): fixed memory, 4 MiB a rule, however many
// hosts and paths. A sketch never under-counts; it over-counts by a few
// when millions of URLs were admitted, which only matters next to caps
// far below the defaults. Its hashing is fixed (SketchSlots), so the Redis
// backend keeps the very same sketches in Redis.
type Limiter struct {
	lim      Limits
	mu       sync.Mutex
	variants *sketch
	patterns *sketch
	refused  map[string]int64
}

// NewLimiter returns the Limiter of l.
func NewLimiter(l Limits) *Limiter {
	m := &Limiter{lim: l, refused: map[string]int64{}}
	if l.MaxQueryVariants > 0 {
		m.variants = newSketch()
	}
	if l.MaxURLsPerPattern > 0 {
		m.patterns = newSketch()
	}
	return m
}

// Admit reports whether the new URL u may enter, and counts it when it may.
func (m *Limiter) Admit(u string) bool {
	return m.admit(u, true)
}

// Count counts u as admitted whatever the caps say: a persisted backend
// re-counts the URLs an earlier run admitted when it is opened again.
func (m *Limiter) Count(u string) {
	m.admit(u, false)
}

func (m *Limiter) admit(u string, check bool) bool {
	if m == nil || (m.variants == nil && m.patterns == nil) {
		return true
	}
	var hv, hp uint64
	if m.variants != nil {
		hv = xxhash.Sum64String(VariantKey(u))
	}
	if m.patterns != nil {
		hp = xxhash.Sum64String(PatternOf(u))
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if check && m.variants != nil && m.variants.count(hv) >= uint32(m.lim.MaxQueryVariants) {
		m.refused[RuleQueryVariants]++
		return false
	}
	if check && m.patterns != nil && m.patterns.count(hp) >= uint32(m.lim.MaxURLsPerPattern) {
		m.refused[RuleURLsPerPattern]++
		return false
	}
	if m.variants != nil {
		m.variants.add(hv)
	}
	if m.patterns != nil {
		m.patterns.add(hp)
	}
	return true
}

// Refused returns how many URLs each rule refused so far, by rule name.
func (m *Limiter) Refused() map[string]int64 {
	out := map[string]int64{}
	if m == nil {
		return out
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	for k, v := range m.refused {
		out[k] = v
	}
	return out
}

// VariantKey is what MaxQueryVariants counts a normalised URL under: the
// URL without its query.
func VariantKey(u string) string {
	if i := strings.IndexByte(u, '?'); i >= 0 {
		return u[:i]
	}
	return u
}

// PatternOf is the shape of a normalised URL that MaxURLsPerPattern
// counts: scheme and host kept, every run of digits in the path replaced
// by '#', the query reduced to its parameter names in order.
func PatternOf(u string) string {
	var b strings.Builder
	b.Grow(len(u))
	rest, q, hasQ := strings.Cut(u, "?")
	hostEnd := 0
	if i := strings.Index(rest, "://"); i >= 0 {
		hostEnd = i + 3
		if j := strings.IndexByte(rest[hostEnd:], '/'); j >= 0 {
			hostEnd += j
		} else {
			hostEnd = len(rest)
		}
	}
	b.WriteString(rest[:hostEnd])
	digits := false
	for i := hostEnd; i < len(rest); i++ {
		c := rest[i]
		if '0' <= c && c <= '9' {
			if !digits {
				b.WriteByte('#')
			}
			digits = true
			continue
		}
		digits = false
		b.WriteByte(c)
	}
	if hasQ {
		b.WriteByte('?')
		for i, p := range strings.Split(q, "&") {
			if i > 0 {
				b.WriteByte('&')
			}
			b.WriteString(paramName(p))
		}
	}
	return b.String()
}

// The shape of a Limiter's sketches: SketchRows rows of 2^SketchBits
// 32-bit counters per rule.
const (
	SketchRows = 4
	SketchBits = 18
	sketchRows = SketchRows
	sketchBits = SketchBits
)

// SketchSlots returns the counter of each sketch row that counts key
// (VariantKey or PatternOf of a URL): the one hashing every backend uses.
func SketchSlots(key string) [SketchRows]uint32 {
	h := xxhash.Sum64String(key)
	var out [SketchRows]uint32
	for i := range out {
		out[i] = uint32(slot(h, i))
	}
	return out
}

// sketch is a count-min sketch with conservative update.
type sketch struct {
	rows [sketchRows][]uint32
}

func newSketch() *sketch {
	s := &sketch{}
	for i := range s.rows {
		s.rows[i] = make([]uint32, 1<<sketchBits)
	}
	return s
}

// slot derives row i's counter index from one 64-bit hash (double hashing).
func slot(h uint64, i int) uint64 {
	h1, h2 := h, h>>32|h<<32|1
	return (h1 + uint64(i)*h2) & (1<<sketchBits - 1)
}

func (s *sketch) count(h uint64) uint32 {
	m := ^uint32(0)
	for i := range s.rows {
		m = min(m, s.rows[i][slot(h, i)])
	}
	return m
}

func (s *sketch) add(h uint64) {
	c := s.count(h) + 1
	for i := range s.rows {
		p := &s.rows[i][slot(h, i)]
		*p = max(*p, c)
	}
}
