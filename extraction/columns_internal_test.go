package extraction

import (
	"fmt"
	"testing"
)

func TestWithoutClasses(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"li/a.nav-fs@href", "li/a@href"},
		{"div.entry/p.lead/text[1]", "div/p/text[1]"},
		{"text", "text"},
		{"li/a/text", "li/a/text"},
	} {
		if got := withoutClasses(tt.in); got != tt.want {
			t.Errorf("withoutClasses(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestMergeClasses: sparse keys differing only in class merge into their
// class-free path when it is filled in enough records, unless a record
// holds two of them, or the class-free path is a key of its own.
func TestMergeClasses(t *testing.T) {
	rec := func(kv ...string) []value {
		var r []value
		for i := 0; i < len(kv); i += 2 {
			r = append(r, value{key: kv[i], val: kv[i+1]})
		}
		return r
	}
	recs := [][]value{
		rec("a.x@href", "1", "b.p/text", "p1", "b.q/text", "q1", "i/text", "i1"),
		rec("a.y@href", "2", "b.r/text", "r2", "b.s/text", "s2", "i.k/text", "k2"),
		rec("a.z@href", "3", "b.t/text", "t3", "i/text", "i3"),
		rec("a.w@href", "4", "b.u/text", "u4", "i.m/text", "m4"),
		rec("a.v@href", "5", "i/text", "i5"),
	}
	mergeClasses(recs, 2, keyIDs(recs))
	// a key is one id, and an id one key
	ids, keys := map[string]int32{}, map[int32]string{}
	var got []string
	for _, r := range recs {
		for i, v := range r {
			if id, ok := ids[v.key]; ok && id != v.id {
				t.Errorf("key %q has ids %d and %d", v.key, id, v.id)
			}
			if k, ok := keys[v.id]; ok && k != v.key {
				t.Errorf("id %d has keys %q and %q", v.id, k, v.key)
			}
			ids[v.key], keys[v.id] = v.id, v.key
			r[i].id = 0 // compared below by key
		}
		got = append(got, fmt.Sprint(r))
	}
	want := []string{
		"[{a@href 1 0 0} {b.p/text p1 0 0} {b.q/text q1 0 0} {i/text i1 0 0}]",
		"[{a@href 2 0 0} {b.r/text r2 0 0} {b.s/text s2 0 0} {i.k/text k2 0 0}]",
		"[{a@href 3 0 0} {b.t/text t3 0 0} {i/text i3 0 0}]",
		"[{a@href 4 0 0} {b.u/text u4 0 0} {i.m/text m4 0 0}]",
		"[{a@href 5 0 0} {i/text i5 0 0}]",
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("mergeClasses:\n%s\nwant\n%s", got, want)
	}
}
