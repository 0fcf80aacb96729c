package hub

import "github.com/crawl-project/crawl"

// The link labeler asks for the host of every out-link of every page
// (dropped, needContexts, label, missed), and crawl.HostKey splits the URL
// each time, though a page's links nearly all lead to the page's own host
// or a few others. HostKey reads only the URL's scheme and authority (up
// to the first '/', '?' or '#' after "://"), so a URL that starts with the
// same scheme and authority has the same key and the same linkHost:
// hostMemos keep the last few hosts that have one (hosts are never removed
// from the labeler). Hosts without one, other sites whose pages are never
// fetched, are not remembered: they are looked up each time, as before,
// and do not push the crawled hosts out.

// hostMemo is a host of the labeler and the scheme and authority of a URL
// of it.
type hostMemo struct {
	prefix string    // the URL's scheme, "://" and authority
	h      *linkHost // the labeler's host of the URL's crawl.HostKey
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

// holds reports whether u has m's scheme and authority, and so its host.
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

// hostMemoSize is how many hosts hostOf remembers.
const hostMemoSize = 4

// hostMemos are the hosts hostOf remembers, replaced oldest first; a set
// is never changed once stored (remember stores a changed copy).
type hostMemos struct {
	m    [hostMemoSize]hostMemo
	next int // the slot the next host takes
}

// hostOf returns the labeler's host of crawl.HostKey(u), nil when it has
// none, as host(HostKey(u), false) does. Safe for concurrent use.
func (ll *linkLabeler) hostOf(u string) *linkHost {
	ms := ll.lastHosts.Load()
	if ms != nil {
		for i := range ms.m {
			if m := &ms.m[i]; m.h != nil && m.holds(u) {
				return m.h
			}
		}
	}
	h := ll.host(crawl.HostKey(u), false)
	if end := hostKeyEnd(u); h != nil && end >= 0 {
		ll.remember(ms, hostMemo{prefix: u[:end], h: h})
	}
	return h
}

// remember stores a copy of ms (nil: none remembered) with m in its
// oldest slot.
func (ll *linkLabeler) remember(ms *hostMemos, m hostMemo) {
	var next hostMemos
	if ms != nil {
		next = *ms
	}
	next.m[next.next] = m
	next.next = (next.next + 1) % hostMemoSize
	ll.lastHosts.Store(&next)
}
