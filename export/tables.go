package export

import (
	"cmp"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/crawl-project/crawl/extraction"
	"github.com/crawl-project/crawl/store"
)

// Records tables. A template cluster's pages may hold lists of several
// kinds (crawl.Record.Kind): the Javadoc's one template gives a class's
// method details, a package's class summary and the index's entries, a
// rustdoc module page its items and a trait page its implementors. In one
// table each kind fills its own few columns of a union and the small
// kinds' fields fall under TableMinFill into Other. So each kind of a
// cluster with at least minKindRecords records and minKindShare of the
// cluster's records has a table of its own, named by its columns
// (extraction.TableColumns over its records alone): the largest kind's is
// records-cluster-<id>, each other's records-cluster-<id>-<kind>, and the
// kinds under the bar share records-cluster-<id>-rest. A cluster of one
// kind (every store written before kinds were kept: kind "") has one
// table, as before. The tables depend on the set of records only, not on
// the order the pages were fetched in.
const (
	minKindRecords = 20
	minKindShare   = 0.02
	// restTable names the table of a cluster's small kinds.
	restTable = "rest"
	// maxKindName bounds the length of a kind's part of a file name.
	maxKindName = 40
)

// tableID names one records table: a cluster's main table (name ""), a
// kind's (its file name part) or the cluster's rest.
type tableID struct {
	cluster int64
	name    string
}

// clusterKind is the records of one kind of one cluster.
type clusterKind struct {
	cluster int64
	kind    string
}

// tablePlan is which records go to which table, and each table's columns.
type tablePlan struct {
	ids   []tableID // by cluster, then the main table, the kinds by size, the rest
	kinds map[tableID][]string
	of    map[clusterKind]tableID
	names map[tableID]*extraction.Naming
	size  map[tableID]int // records of each table
}

// planTables assigns the kinds of every cluster to tables and names each
// table's columns (extraction.TableColumns) from the runs pass streams:
// their names, keys and counts, not their values. pass is called twice:
// once to count each kind's records, once to name the tables.
func planTables(pass func(func(store.RunKeys) error) error) (*tablePlan, error) {
	size := map[clusterKind]int{}
	err := pass(func(r store.RunKeys) error {
		size[clusterKind{r.Cluster, r.Kind}] += r.Records
		return nil
	})
	if err != nil {
		return nil, err
	}
	p := &tablePlan{kinds: map[tableID][]string{}, of: map[clusterKind]tableID{}, names: map[tableID]*extraction.Naming{}, size: map[tableID]int{}}
	byCluster := map[int64][]string{}
	for ck := range size {
		byCluster[ck.cluster] = append(byCluster[ck.cluster], ck.kind)
	}
	for _, c := range slices.Sorted(maps.Keys(byCluster)) {
		kinds := byCluster[c]
		total := 0
		for _, k := range kinds {
			total += size[clusterKind{c, k}]
		}
		slices.SortFunc(kinds, func(a, b string) int { // largest first, then by kind
			return cmp.Or(cmp.Compare(size[clusterKind{c, b}], size[clusterKind{c, a}]), cmp.Compare(a, b))
		})
		used := map[string]bool{"": true, restTable: true}
		var rest []string
		for i, k := range kinds {
			n := size[clusterKind{c, k}]
			id := tableID{cluster: c}
			switch {
			case i == 0:
			case n >= minKindRecords && float64(n) >= minKindShare*float64(total):
				id.name = uniqueName(kindName(k), used)
			default:
				rest = append(rest, k)
				continue
			}
			p.add(id, k, n)
		}
		for _, k := range rest {
			p.add(tableID{c, restTable}, k, size[clusterKind{c, k}])
		}
	}
	cols := map[tableID]*extraction.TableColumns{}
	err = pass(func(r store.RunKeys) error {
		id, ok := p.of[clusterKind{r.Cluster, r.Kind}]
		if !ok {
			return nil // a run stored between the passes: left to the next export
		}
		tc := cols[id]
		if tc == nil {
			tc = extraction.NewTableColumns()
			cols[id] = tc
		}
		tc.AddRecords(r.Records)
		for _, c := range r.Counts {
			tc.AddCount(extraction.KeyCount(c))
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	for id, tc := range cols {
		p.names[id] = tc.Naming()
	}
	return p, nil
}

// add puts kind k of id's cluster, n records, in table id.
func (p *tablePlan) add(id tableID, k string, n int) {
	p.size[id] += n
	if _, ok := p.kinds[id]; !ok {
		p.ids = append(p.ids, id)
	}
	p.kinds[id] = append(p.kinds[id], k)
	p.of[clusterKind{id.cluster, k}] = id
}

// table returns the table of the records of a cluster's kind, and whether
// there is one.
func (p *tablePlan) table(cluster int64, kind string) (tableID, bool) {
	id, ok := p.of[clusterKind{cluster, kind}]
	return id, ok
}

// namer names the fields that have a key by their table's naming.
func (p *tablePlan) namer() store.FieldNamer {
	return func(_, cluster int64, kind string, c store.KeyCount) string {
		if id, ok := p.table(cluster, kind); ok {
			if nm := p.names[id]; nm != nil {
				return nm.KeyName(c.Key)
			}
		}
		return c.Name
	}
}

// columns returns the columns of table id, or of all tables (nil).
func (p *tablePlan) columns(id *tableID) []string {
	if id != nil {
		if nm := p.names[*id]; nm != nil {
			return nm.Columns()
		}
		return nil
	}
	var all []string
	for _, id := range p.ids {
		if nm := p.names[id]; nm != nil {
			all = append(all, nm.Columns()...)
		}
	}
	return all
}

// kindName is the part of a file name kind k makes: its letters and digits
// lowercased, other runs of characters one '-', at most maxKindName bytes
// (cut at a '-'); "records" when nothing is left. "ul.member-list > li"
// gives "ul-member-list-li".
func kindName(k string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(k) {
		if r < 128 && (r >= 'a' && r <= 'z' || r >= '0' && r <= '9') {
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			b.WriteRune(r)
			dash = false
			continue
		}
		dash = true
	}
	s := b.String()
	if len(s) > maxKindName {
		s = s[:maxKindName]
		if i := strings.LastIndexByte(s, '-'); i > 0 {
			s = s[:i]
		}
	}
	if s == "" {
		return "records"
	}
	return s
}

// uniqueName returns name, or name-2, name-3… when used holds it, and
// marks the result used.
func uniqueName(name string, used map[string]bool) string {
	n := name
	for i := 2; used[n]; i++ {
		n = name + "-" + strconv.Itoa(i)
	}
	used[n] = true
	return n
}
