package crawl_test

import (
	"errors"
	"testing"
	"time"

	"github.com/crawl-project/crawl"
)

func TestAnnotate(t *testing.T) {
	tests := []struct {
		name string
		v    any
		want string
	}{
		{"string", "de", "de"},
		{"int", 42, "42"},
		{"int64", int64(-7), "-7"},
		{"uint64", uint64(1 << 63), "9223372036854775808"},
		{"float", 0.1, "0.1"},
		{"float32", float32(0.25), "0.25"},
		{"bool", true, "true"},
		{"stringer", 1500 * time.Millisecond, "1.5s"},
		{"json", map[string]int{"b": 2, "a": 1}, `{"a":1,"b":2}`},
		{"slice", []string{"x", "y"}, `["x","y"]`},
		{"error", errors.New("boom"), "boom"},
		{"not json", make(chan int), "0x"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var p crawl.Page
			p.Annotate("k", "old")
			p.Annotate("k", tt.v)
			got, ok := p.Annotation("k")
			if tt.name == "not json" && len(got) > 2 {
				got = got[:2] // %v of a channel: its address
			}
			if !ok || got != tt.want {
				t.Fatalf("Annotate(%#v) = %q, %v; want %q", tt.v, got, ok, tt.want)
			}
		})
	}
	var p crawl.Page
	if _, ok := p.Annotation("missing"); ok {
		t.Fatal("Annotation of an unset name is reported set")
	}
}

// TestKeep holds values by key, keys of distinct types apart, and a page
// without any returns nil.
func TestKeep(t *testing.T) {
	type keyA struct{}
	type keyB struct{}
	var p crawl.Page
	if p.Kept(keyA{}) != nil {
		t.Fatal("an empty page kept something")
	}
	p.Keep(keyA{}, 1)
	p.Keep(keyB{}, "b")
	p.Keep(keyA{}, 2)
	if p.Kept(keyA{}) != 2 || p.Kept(keyB{}) != "b" {
		t.Fatalf("kept %v %v, want 2 b", p.Kept(keyA{}), p.Kept(keyB{}))
	}
	if len(p.Annotations) != 0 {
		t.Fatal("Keep set an annotation: kept values are never stored")
	}
}
