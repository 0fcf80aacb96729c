package hub

import "github.com/crawl-project/crawl"

// The link labeler asks for the host of every out-link of every page
// (dropped, needContexts, label), and crawl.HostKey splits the URL each
// time, though a page's links nearly all share a few hosts. HostKey reads
// only the URL's scheme and authority (up to the first '/', '?' or '#'
// after "://"), so a URL that starts with the same scheme and authority
// has the same key: hostMemos keep the last few, each with its linkHost
// once the host has one (hosts are never removed from the labeler).

// hostMemo is the host of a URL whose host was looked up.
type hostMemo struct {
	prefix string    // the URL's scheme, "://" and authority
	key    string    // crawl.HostKey of such a URL
	h      *linkHost // the labeler's host of key, or nil when it had none yet
}

// hostKeyEnd returns the length of u's scheme, "://" and authority (the
// part crawl.HostKey reads), or -1 when u has no "://" after a scheme.
func hostKeyEnd(u string) int {
	i := indexSchemeSep(u)
	if i <= 0 {
		return -1
	}
	rest := u[i+3:]
	if j := indexAnyOf(rest, "/?#"); j >= 0 {
		return i + 3 + j
	}
	return len(u)
}

// holds reports whether u has m's scheme and authority, and so its key.
func (m *hostMemo) holds(u string) bool {
	k := len(m.prefix)
	if len(u) < k || u[:k] != m.prefix {
		return false
	}
	if len(u) == k {
		return true
	}
	switch u[k] {
	case '/', '?', '#':
		return true
	}
	return false
}

// hostMemoSize is how many hosts hostOf remembers: a page links its own
// host and, in between, a few others (out of scope, dropped at once), which
// would push a single memo's host out at every turn.
const hostMemoSize = 4

// hostMemos are the hosts hostOf remembers, replaced oldest first; a set
// is never changed once stored (hostOf stores a changed copy).
type hostMemos struct {
	m    [hostMemoSize]hostMemo
	next int // the slot the next new host takes
}

// hostOf returns crawl.HostKey(u) and the labeler's host of that key (nil
// when it has none), as host(key, false) does, remembering the answer for
// the URLs of the same scheme and authority that follow. Safe for
// concurrent use: workers labelling pages of other hosts only look up
// again.
func (ll *linkLabeler) hostOf(u string) (string, *linkHost) {
	ms := ll.lastHosts.Load()
	if ms != nil {
		for i := range ms.m {
			m := &ms.m[i]
			if m.prefix == "" || !m.holds(u) {
				continue
			}
			if m.h != nil {
				return m.key, m.h
			}
			h := ll.host(m.key, false)
			if h != nil { // the host has one now: remember it
				ll.remember(ms, i, hostMemo{prefix: m.prefix, key: m.key, h: h})
			}
			return m.key, h
		}
	}
	key := crawl.HostKey(u)
	h := ll.host(key, false)
	if end := hostKeyEnd(u); end >= 0 {
		ll.remember(ms, -1, hostMemo{prefix: u[:end], key: key, h: h})
	}
	return key, h
}

// remember stores a copy of ms (nil: none remembered) with m in slot i, or
// in the oldest slot when i is -1.
func (ll *linkLabeler) remember(ms *hostMemos, i int, m hostMemo) {
	var next hostMemos
	if ms != nil {
		next = *ms
	}
	if i < 0 {
		i, next.next = next.next, (next.next+1)%hostMemoSize
	}
	next.m[i] = m
	ll.lastHosts.Store(&next)
}
