package hub

import "github.com/crawl-project/crawl"

// The link labeler asks for the host of every out-link of every page
// (dropped, needContexts, label), and crawl.HostKey splits the URL each
// time, though a page's links nearly all share one host. HostKey reads
// only the URL's scheme and authority (up to the first '/', '?' or '#'
// after "://"), so a URL that starts with the same scheme and authority
// has the same key: hostMemo keeps the last one, with its linkHost once
// the host has one (hosts are never removed from the labeler).

// hostMemo is the host of the last URL whose host was looked up.
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

// hostOf returns crawl.HostKey(u) and the labeler's host of that key (nil
// when it has none), as host(key, false) does, remembering the answer for
// the URLs of the same scheme and authority that follow. Safe for
// concurrent use: workers labelling pages of other hosts only look up
// again.
func (ll *linkLabeler) hostOf(u string) (string, *linkHost) {
	m := ll.lastHost.Load()
	if m != nil && m.holds(u) {
		if m.h != nil {
			return m.key, m.h
		}
		if h := ll.host(m.key, false); h != nil {
			ll.lastHost.Store(&hostMemo{prefix: m.prefix, key: m.key, h: h})
			return m.key, h
		}
		return m.key, nil
	}
	key := crawl.HostKey(u)
	h := ll.host(key, false)
	if end := hostKeyEnd(u); end >= 0 {
		ll.lastHost.Store(&hostMemo{prefix: u[:end], key: key, h: h})
	}
	return key, h
}
