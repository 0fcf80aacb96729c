package store_test

import (
	"context"
	"path/filepath"
	"slices"
	"testing"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/store"
)

func TestFingerprints(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "f.db")
	st, err := store.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	want := []crawl.Fingerprint{
		{URL: "http://a.test/1", Body: 1<<63 | 5, SimHash: 1<<64 - 1, HasSimHash: true, Title: 1<<64 - 3},
		{URL: "http://a.test/2", Body: 7, Title: 12},
		{URL: "http://a.test/0", Body: 0, SimHash: 0, HasSimHash: true},
	}
	if err := st.SaveFingerprints(ctx, want); err != nil {
		t.Fatal(err)
	}
	if err := st.SaveFingerprints(ctx, []crawl.Fingerprint{{URL: "http://a.test/1", Body: 9}}); err != nil {
		t.Fatal(err)
	}
	st.Close()
	st, err = store.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	var got []crawl.Fingerprint
	if err := st.Fingerprints(ctx, func(f crawl.Fingerprint) error { got = append(got, f); return nil }); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got, want) {
		t.Errorf("Fingerprints = %+v, want %+v (in save order, the first of a URL kept)", got, want)
	}
}
