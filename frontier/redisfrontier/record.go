package redisfrontier

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"strings"

	"github.com/crawl-project/crawl"
)

// A queued link is stored as a compact record; its priority is the sorted
// set score, its URL's scheme and host are implied by the host queue it
// sits in, and its parent URL is kept once per page in the crawl's parent
// table (the record names it by id, see scripts.go). Layout:
//
//	flags   1 byte (see flag*)
//	depth   uvarint
//	score   8 bytes, float64 bits little-endian (flagScore)
//	label   uvarint length + bytes (flagLabelOther; hub and topic are flags)
//	anchor  uvarint length + bytes
//	tags    uvarint count, each uvarint length + bytes (flagTags)
//	shared  uvarint: bytes the rest shares with the start of the parent's
//	        rest (same scheme and host only, else 0)
//	rest    the URL after scheme://host minus the shared bytes, or the
//	        whole URL (flagFullURL)
const (
	flagHTTPS      = 1 << 0
	flagFullURL    = 1 << 1
	flagScore      = 1 << 2
	flagLabelHub   = 1 << 3
	flagLabelTopic = 1 << 4
	flagLabelOther = 1 << 5
	flagTags       = 1 << 7
)

// originOf splits an absolute URL into its origin (scheme://host) and the
// rest; ok is false when u is not http(s)://host... with host the given one.
func originOf(u, host string) (https bool, rest string, ok bool) {
	switch {
	case strings.HasPrefix(u, "http://"):
		rest = u[len("http://"):]
	case strings.HasPrefix(u, "https://"):
		https, rest = true, u[len("https://"):]
	default:
		return false, "", false
	}
	if !strings.HasPrefix(rest, host) {
		return false, "", false
	}
	rest = rest[len(host):]
	if rest != "" && rest[0] != '/' && rest[0] != '?' {
		return false, "", false // the host continues: a longer host name or a port
	}
	return https, rest, true
}

func appendString(b []byte, s string) []byte {
	b = binary.AppendUvarint(b, uint64(len(s)))
	return append(b, s...)
}

// encodeLink returns the record of l, queued under host.
func encodeLink(l *crawl.Link, host string) []byte {
	var flags byte
	b := make([]byte, 1, 16+len(l.URL)+len(l.Anchor))
	https, rest, ok := originOf(l.URL, host)
	switch {
	case !ok:
		flags |= flagFullURL
		rest = l.URL
	case https:
		flags |= flagHTTPS
	}
	b = binary.AppendUvarint(b, uint64(max(l.Depth, 0)))
	if l.Score != 0 {
		flags |= flagScore
		b = binary.LittleEndian.AppendUint64(b, math.Float64bits(l.Score))
	}
	switch l.Label {
	case "":
	case crawl.LabelHub:
		flags |= flagLabelHub
	case crawl.LabelTopic:
		flags |= flagLabelTopic
	default:
		flags |= flagLabelOther
		b = appendString(b, l.Label)
	}
	b = appendString(b, l.Anchor)
	if len(l.Tags) > 0 {
		flags |= flagTags
		b = binary.AppendUvarint(b, uint64(len(l.Tags)))
		for _, t := range l.Tags {
			b = appendString(b, t)
		}
	}
	shared := 0
	if ph, prest, ok := originOf(l.Parent, host); ok && ph == https && flags&flagFullURL == 0 {
		for shared < len(rest) && shared < len(prest) && rest[shared] == prest[shared] {
			shared++
		}
	}
	b = binary.AppendUvarint(b, uint64(shared))
	b = append(b, rest[shared:]...)
	b[0] = flags
	return b
}

var errRecord = errors.New("redisfrontier: bad record")

type reader struct{ b []byte }

func (r *reader) uvarint() (uint64, error) {
	v, n := binary.Uvarint(r.b)
	if n <= 0 {
		return 0, errRecord
	}
	r.b = r.b[n:]
	return v, nil
}

func (r *reader) str() (string, error) {
	n, err := r.uvarint()
	if err != nil || n > uint64(len(r.b)) {
		return "", errRecord
	}
	s := string(r.b[:n])
	r.b = r.b[n:]
	return s, nil
}

// decodeLink reads a record queued under host with priority prio and
// parent URL parent.
func decodeLink(rec []byte, host string, prio float64, parent string) (crawl.Link, error) {
	if len(rec) == 0 {
		return crawl.Link{}, fmt.Errorf("%w: empty", errRecord)
	}
	flags := rec[0]
	r := reader{rec[1:]}
	l := crawl.Link{Priority: prio, Parent: parent}
	d, err := r.uvarint()
	if err != nil || d > math.MaxInt32 {
		return l, fmt.Errorf("%w: depth", errRecord)
	}
	l.Depth = int(d)
	if flags&flagScore != 0 {
		if len(r.b) < 8 {
			return l, fmt.Errorf("%w: score", errRecord)
		}
		l.Score = math.Float64frombits(binary.LittleEndian.Uint64(r.b))
		r.b = r.b[8:]
	}
	switch {
	case flags&flagLabelHub != 0:
		l.Label = crawl.LabelHub
	case flags&flagLabelTopic != 0:
		l.Label = crawl.LabelTopic
	case flags&flagLabelOther != 0:
		if l.Label, err = r.str(); err != nil {
			return l, fmt.Errorf("%w: label", errRecord)
		}
	}
	if l.Anchor, err = r.str(); err != nil {
		return l, fmt.Errorf("%w: anchor", errRecord)
	}
	if flags&flagTags != 0 {
		n, err := r.uvarint()
		if err != nil || n > uint64(len(r.b)) {
			return l, fmt.Errorf("%w: tags", errRecord)
		}
		l.Tags = make([]string, n)
		for i := range l.Tags {
			if l.Tags[i], err = r.str(); err != nil {
				return l, fmt.Errorf("%w: tag %d", errRecord, i)
			}
		}
	}
	shared, err := r.uvarint()
	if err != nil {
		return l, fmt.Errorf("%w: shared prefix", errRecord)
	}
	if flags&flagFullURL != 0 {
		if shared != 0 {
			return l, fmt.Errorf("%w: shared prefix of a whole URL", errRecord)
		}
		l.URL = string(r.b)
		return l, nil
	}
	origin := "http://" + host
	https := flags&flagHTTPS != 0
	if https {
		origin = "https://" + host
	}
	prefix := ""
	if shared > 0 {
		ph, prest, ok := originOf(parent, host)
		if !ok || ph != https || shared > uint64(len(prest)) {
			return l, fmt.Errorf("%w: shared prefix %d with parent %q", errRecord, shared, parent)
		}
		prefix = prest[:shared]
	}
	l.URL = origin + prefix + string(r.b)
	return l, nil
}
