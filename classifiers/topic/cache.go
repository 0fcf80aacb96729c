package topic

import "sync"

// cache maps page URL → value for the most recent pages (at most n,
// init), evicting the oldest. Its map and ring grow with use: a crawl of
// a few hundred pages does not hold (and the garbage collector does not
// scan) room for tens of thousands.
//
// The map holds each URL's place in the ring, and the values sit beside
// the ring, not in the map: an update (OnURL's inlinks, OnPage's parents
// and directories) looks its URL up once and changes the value in place,
// where a map of values looked it up three times (read, test, write) and
// copied the value in and out of the map (inStats is 96 bytes).
type cache[V any] struct {
	mu   sync.Mutex
	at   map[string]int32 // URL → its index in ring and vals
	ring []string         // the URLs in insertion order, a ring once n long
	vals []V              // vals[i] is the value of ring[i]
	n    int
	next int
}

func (c *cache[V]) init(n int) {
	c.at = make(map[string]int32)
	c.ring, c.vals = nil, nil
	c.n = n
}

func (c *cache[V]) put(u string, v V) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if i, ok := c.at[u]; ok {
		c.vals[i] = v
		return
	}
	c.insertLocked(u, v)
}

// insertLocked adds u, not held, with its value v: at the ring's end
// while it is shorter than n, else in the place of the oldest URL, which
// is evicted.
func (c *cache[V]) insertLocked(u string, v V) {
	if len(c.ring) < c.n {
		c.at[u] = int32(len(c.ring))
		c.ring = append(c.ring, u)
		c.vals = append(c.vals, v)
		return
	}
	i := c.next
	delete(c.at, c.ring[i])
	c.ring[i], c.vals[i] = u, v
	c.at[u] = int32(i)
	c.next = (c.next + 1) % c.n
}

// update sets u's value to f(its value, or the zero V) and returns it.
func (c *cache[V]) update(u string, f func(V) V) V {
	c.mu.Lock()
	defer c.mu.Unlock()
	if i, ok := c.at[u]; ok {
		v := f(c.vals[i])
		c.vals[i] = v
		return v
	}
	var zero V
	v := f(zero)
	c.insertLocked(u, v)
	return v
}

func (c *cache[V]) get(u string) (V, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if i, ok := c.at[u]; ok {
		return c.vals[i], true
	}
	var zero V
	return zero, false
}
