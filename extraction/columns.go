package extraction

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/crawl-project/crawl"
)

// Column rules. A record's leaves are keyed by their tag.class path from
// the record root (fields.go); the keys are aligned across the records of
// a page and of a template cluster, but they are not what a person calls
// the columns, and a page of varied records has hundreds of them. So:
//
//   - A record keeps at most three values of one path apart (fields.go:
//     further paragraphs join the third, further links go to Other).
//   - A key gets a column of its own when it is filled in at least MinFill
//     (20%) of the page's records and in two of them; the values of the other keys go, in
//     document order and joined by " | ", to the column Other. Sparse
//     keys that differ only in their classes count as one, their path
//     without classes, when that is filled so (mergeClasses: entries
//     each with a class of its own, a.nav-fs, a.nav-http).
//   - A cluster has at most MaxColumns (60) columns: Other and 59 named
//     ones; keys met once the 59 are taken go to Other too.
//   - A field the record labels itself (labels.go: a dt or th inside the
//     record, the same label in two records of the page) is named by its
//     label: "parameters", "returns", "returns_link", "location".
//   - A column is named by its role, decided from the DOM and the values
//     the first time its key gets a column: "image" (an image source),
//     "link" (a link address), "date" (most values date-like), "price"
//     (most values an amount with a currency), "author" (a class naming an
//     author or byline), "kind" (most values labels: short, ending in a
//     colon, as "Function:" opens a texinfo manual's entries; never the
//     title), "title" (the first text of a link or heading),
//     "summary" (long text, 60 characters or more on average), else
//     "text". Repeats are numbered: link, link_2, link_3.
//   - Names are kept per template cluster (a key keeps the name it got
//     first), so all pages of a cluster share them while it is crawled.
//   - The exported tables do not take these names: they depend on the
//     order the pages came in (which key is link_2, which keys were too
//     late for the 59). A clustered page's fields carry their keys
//     (crawl.Field.Key, Sparse when the key did not fill MinFill of the
//     page's records), and TableColumns (tablecolumns.go) names the
//     columns of a cluster from the keys of all its stored records.
//
// A record's fields are its non-empty values in document order, each named
// by its column; only Other may occur more than once in a record (the
// table writers of package export join its values with " | ").
const (
	// MinFill is the share of a page's records in which a field must be
	// filled to get a column of its own.
	MinFill = 0.2
	// MaxColumns is the most columns a cluster's records have, Other
	// included (a table adds its page, record and cluster columns and
	// stays within 64).
	MaxColumns = 60
	// Other is the column of the values of sparse fields.
	Other = "other"
)

// columns is the bounded naming model of one template cluster (or one
// page): at most MaxColumns-1 keys with their names.
type columns struct {
	keyed bool              // the fields carry their keys (a template cluster's)
	name  map[string]string // key -> column name
	rank  map[string]int    // column name -> position
	taken map[string]int    // role -> how many columns carry it
	title bool              // a title column exists
}

func newColumns() *columns {
	return &columns{name: map[string]string{}, rank: map[string]int{}, taken: map[string]int{}}
}

// fields names the values of a page's records, giving columns to the keys
// that fill MinFill of them, and returns each record's fields. Keys are
// counted by their ids (keyIDs), the names looked up once a key.
func (c *columns) fields(recs [][]value) [][]crawl.Field {
	need := max(MinFill*float64(len(recs)), float64(min(2, len(recs))))
	nk := mergeClasses(recs, need, keyIDs(recs))
	fill := make([]int32, nk)
	keys := make([]string, nk)
	var order []int32 // keys in order of first appearance
	total := 0
	for _, r := range recs {
		total += len(r)
		for _, v := range r {
			if fill[v.id] == 0 {
				order = append(order, v.id)
				keys[v.id] = v.key
			}
			fill[v.id]++ // a key is unique within a record
		}
	}
	for _, id := range order {
		k := keys[id]
		if _, ok := c.name[k]; ok || k == moreKey || len(c.name) >= MaxColumns-1 || float64(fill[id]) < need {
			continue
		}
		c.add(k, recs)
	}
	names := make([]string, nk)
	for _, id := range order {
		n, ok := c.name[keys[id]]
		if !ok {
			n = Other
		}
		names[id] = n
	}
	out := make([][]crawl.Field, len(recs))
	all := make([]crawl.Field, total) // every record's fields, each a slice of it
	for i, r := range recs {
		fs := all[:len(r):len(r)]
		all = all[len(r):]
		for j, v := range r {
			fs[j] = crawl.Field{Name: names[v.id], Value: v.val}
			if c.keyed && v.key != moreKey {
				fs[j].Key, fs[j].Sparse = v.key, float64(fill[v.id]) < need
				if v.kind == kindText {
					fs[j].Date, fs[j].Price = looksDate(v.val), looksPrice(v.val)
				}
			}
		}
		out[i] = fs
	}
	return out
}

// keyIDs makes sure every value of recs has its key's id (value.id, the
// keyer's; values made without one get ids by their keys' strings) and
// returns one more than the largest id.
func keyIDs(recs [][]value) int {
	n := int32(0)
	for _, r := range recs {
		for _, v := range r {
			if v.id <= 0 {
				return assignIDs(recs)
			}
			n = max(n, v.id)
		}
	}
	return int(n) + 1
}

// assignIDs numbers the keys of recs from 1 by their strings.
func assignIDs(recs [][]value) int {
	ids := map[string]int32{}
	for _, r := range recs {
		for i, v := range r {
			id, ok := ids[v.key]
			if !ok {
				id = int32(len(ids) + 1)
				ids[v.key] = id
			}
			r[i].id = id
		}
	}
	return len(ids) + 1
}

// mergeClasses rewrites, in place, the keys filled in fewer than need
// records whose path without classes ("li/a@href" for
// "li/a.nav-assert@href") is filled in need records or more, to that
// path: a list whose every entry carries a class of its own (Node.js's
// table of contents: a.nav-fs, a.nav-http...) is one column, not a key
// per record sent to Other. A group is left alone when one record holds
// two of its keys (they are distinct fields there). Keys are counted by
// their ids, below nk (keyIDs); a rewritten key gets a new id, and
// mergeClasses returns one more than the largest id.
func mergeClasses(recs [][]value, need float64, nk int) int {
	fill := make([]int32, nk)
	keys := make([]string, nk)
	for _, r := range recs {
		for _, v := range r {
			fill[v.id]++
			keys[v.id] = v.key
		}
	}
	var bare []int32 // key id -> 1 + its group (path without classes), 0: none
	var groups []string
	var groupOf map[string]int32
	for id, n := range fill {
		k := keys[id]
		if n == 0 || float64(n) >= need || k == moreKey {
			continue
		}
		b := withoutClasses(k)
		if b == k {
			continue
		}
		if bare == nil {
			bare, groupOf = make([]int32, nk), map[string]int32{}
		}
		g, ok := groupOf[b]
		if !ok {
			g = int32(len(groups))
			groups = append(groups, b)
			groupOf[b] = g
		}
		bare[id] = g + 1
	}
	if len(groups) == 0 {
		return nk
	}
	// a group already a key of its own is not rewritten to (fill[b] == 0)
	taken := make([]bool, len(groups))
	for id, n := range fill {
		if n > 0 {
			if g, ok := groupOf[keys[id]]; ok {
				taken[g] = true
			}
		}
	}
	group := make([]int, len(groups)) // records holding the group; -1: two in one record
	seen := make([]int, len(groups))  // 1 + the record that last held the group
	var held []int32
	for ri, r := range recs {
		held = held[:0]
		for _, v := range r {
			g := bare[v.id] - 1
			if g < 0 {
				continue
			}
			if seen[g] == ri+1 {
				group[g] = -1
				continue
			}
			seen[g] = ri + 1
			held = append(held, g)
		}
		for _, g := range held {
			if group[g] >= 0 {
				group[g]++
			}
		}
	}
	for _, r := range recs {
		for i, v := range r {
			if g := bare[v.id] - 1; g >= 0 && float64(group[g]) >= need && !taken[g] {
				r[i].key, r[i].id = groups[g], int32(nk)+g
			}
		}
	}
	return nk + len(groups)
}

// withoutClasses is key k with the classes of its segments left out.
func withoutClasses(k string) string {
	if !strings.Contains(k, ".") {
		return k
	}
	var b strings.Builder
	for i := 0; i < len(k); {
		c := k[i]
		if c != '.' {
			b.WriteByte(c)
			i++
			continue
		}
		for i < len(k) && k[i] != '/' && k[i] != '@' && k[i] != '[' {
			i++ // the class, up to the next segment or suffix
		}
	}
	return b.String()
}

// add names key k from its role.
func (c *columns) add(k string, recs [][]value) {
	var vals []string
	var kd kind
	for _, r := range recs {
		for _, v := range r {
			if v.key == k {
				vals, kd = append(vals, v.val), v.kind
			}
		}
	}
	role := roleOf(k, kd, countValues(vals), !c.title)
	c.title = c.title || role == "title"
	c.taken[role]++
	name := role
	if n := c.taken[role]; n > 1 {
		name += "_" + strconv.Itoa(n)
	}
	c.name[k] = name
	c.rank[name] = len(c.rank)
}

var (
	dateRE  = regexp.MustCompile(`(?i)^(?:\d{4}[-/.]\d{1,2}[-/.]\d{1,2}|\d{1,2}[-/.]\d{1,2}[-/.]\d{2,4}|(?:\d{1,2}(?:st|nd|rd|th)?\s+)?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?(?:\s+\d{1,2}(?:st|nd|rd|th)?)?,?(?:\s+\d{4})?|\d+\s+(?:minutes?|hours?|days?|weeks?|months?|years?)\s+ago|yesterday|today)\b`)
	priceRE = regexp.MustCompile(`(?i)^(?:(?:[$€£¥₹]|usd|eur|gbp|us\$)\s?\d[\d.,\s]*|\d[\d.,\s]*\s?(?:[$€£¥₹]|usd|eur|gbp|kr|chf))$`)
)

// evidence is what a key's values tell of its role: how many there are,
// their total length, and how many look like a date or a price.
type evidence struct {
	n, total, dates, prices, labels int
}

// add counts value v.
func (e *evidence) add(v string) {
	e.n++
	e.total += len(v)
	if looksDate(v) {
		e.dates++
	}
	if looksPrice(v) {
		e.prices++
	}
	if looksLabel(v) {
		e.labels++
	}
}

// kindRole is the role of a key whose values are labels (looksLabel).
const kindRole = "kind"

// looksLabel reports whether v is a label rather than a value: a short
// text ending in a colon, as the kind that opens a definition ("Function:",
// "Option variable:" in a texinfo manual's entries) or a caption before
// the value ("Default:").
func looksLabel(v string) bool {
	return len(v) <= 40 && (strings.HasSuffix(v, ":") || strings.HasSuffix(v, "："))
}

// looksDate reports whether v is a date (dateRE, 40 bytes at most). Most
// values are told apart by their first bytes, as dateRE's start is a digit,
// a month or yesterday/today.
func looksDate(v string) bool {
	if len(v) == 0 || len(v) > 40 {
		return false
	}
	if c := v[0]; (c < '0' || c > '9') && asciiStart(v) {
		switch strings.ToLower(v[:3]) {
		case "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec", "yes", "tod":
		default:
			return false
		}
	} else if c >= '0' && c <= '9' && !dateAfterDigits(v) {
		return false
	}
	return dateRE.MatchString(v)
}

// dateAfterDigits reports whether the byte after v's leading digits may
// continue a date as dateRE's branches that open with digits do: a
// separator (-/.), white space, an ordinal's s, n, r or t (any case), or
// a byte of a non-ASCII rune (ſ folds to s). A number alone ("3", "3.11"
// passes) or one followed by anything else ("2x", "0)") is no date.
func dateAfterDigits(v string) bool {
	j := 1
	for j < len(v) && v[j] >= '0' && v[j] <= '9' {
		j++
	}
	if j == len(v) {
		return false
	}
	switch c := v[j]; c | 0x20 {
	case 's', 'n', 'r', 't':
		return true
	default:
		return c == '-' || c == '/' || c == '.' || c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r' || c >= utf8.RuneSelf
	}
}

// asciiStart reports whether v's first three bytes are there and ASCII:
// then (?i) folds them as ToLower does (it folds ſ to s, K to k).
func asciiStart(v string) bool {
	return len(v) >= 3 && v[0] < utf8.RuneSelf && v[1] < utf8.RuneSelf && v[2] < utf8.RuneSelf
}

// looksPrice reports whether v is an amount with a currency (priceRE, 30
// bytes at most); priceRE's start is a digit, a currency sign or a
// currency code.
func looksPrice(v string) bool {
	if len(v) == 0 || len(v) > 30 {
		return false
	}
	if c := v[0]; (c < '0' || c > '9') && c != '$' {
		if asciiStart(v) && !slices.Contains([]string{"usd", "eur", "gbp", "us$"}, strings.ToLower(v[:3])) {
			return false
		}
	} else if c != '$' && !priceEnd(v[len(v)-1]) {
		return false
	}
	return priceRE.MatchString(v)
}

// priceEnd reports whether an amount that opens with a digit may end in
// byte c: priceRE's branch for it ends in a currency sign ($, or the last
// byte of €, £, ¥, ₹) or code (usd, eur, gbp, kr, chf; d, r, p and f fold
// to no other rune), so "3.11" or "42" is no price.
func priceEnd(c byte) bool {
	switch c {
	case '$', 0xAC, 0xA3, 0xA5, 0xB9, 'd', 'D', 'r', 'R', 'p', 'P', 'f', 'F':
		return true
	}
	return false
}

func countValues(vals []string) evidence {
	var e evidence
	for _, v := range vals {
		e.add(v)
	}
	return e
}

// roleOf decides what key k holds: by its kind, then by its values (most
// of them date-like or prices), its path (an author class, a link or
// heading holding the text; title only while titleFree) and its length.
func roleOf(k string, kd kind, e evidence, titleFree bool) string {
	if l := labelPath(k); l != "" { // the record names the field (labels.go)
		switch kd {
		case kindImage:
			return l + "_image"
		case kindLink:
			return l + "_link"
		}
		return l
	}
	switch kd {
	case kindImage:
		return "image"
	case kindLink:
		return "link"
	}
	mean := float64(e.total) / float64(max(1, e.n))
	switch {
	case 2*e.labels > e.n: // labels, not what they label: never the title
		return kindRole
	case 2*e.dates > e.n:
		return "date"
	case 2*e.prices > e.n:
		return "price"
	case authorPath(k):
		return "author"
	case titleFree && titlePath(k) && mean <= 200:
		return "title"
	case mean >= 60:
		return "summary"
	}
	return "text"
}

// titlePath reports whether a text key lies in a link, a heading or a
// definition term.
func titlePath(k string) bool {
	for _, seg := range strings.Split(k, "/") {
		tag, _, _ := strings.Cut(seg, ".")
		switch tag {
		case "a", "h1", "h2", "h3", "h4", "h5", "h6", "dt", "th", "strong", "b":
			return true
		}
	}
	return false
}

// authorPath reports whether a key's path names an author.
func authorPath(k string) bool {
	l := strings.ToLower(k)
	return strings.Contains(l, "author") || strings.Contains(l, "byline") || strings.Contains(l, "creator")
}
