package hub_test

import (
	"context"
	"errors"
	"testing"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/classifiers/hub"
	"github.com/crawl-project/crawl/hooks"
)

// TestHookFrontierDrops: under a policy that drops no link (tag, boost) a
// link the frontier will drop (FrontierDrops) keeps its label, score and
// priority; under one that drops links it is judged as a new link, since
// whether it is dropped decides whether the hooks after this one see it.
// The user hook after the hub hook runs for every link it lets through.
func TestHookFrontierDrops(t *testing.T) {
	c := defaultClassifier(t)
	tests := []struct {
		policy  hub.Policy
		url     string
		skip    bool // the marked link is dropped (ErrSkip)
		labeled bool // the marked link is labelled
	}{
		{hub.Policy{}, hubURL, false, false},
		{hub.Policy{}, topicURL, false, false},
		{hub.Policy{Mode: hub.BoostHubs}, hubURL, false, false},
		{hub.Policy{Mode: hub.HubsOnlyBeyondDepth, Depth: 2}, topicURL, true, true},
		{hub.Policy{Mode: hub.HubsOnlyBeyondDepth, Depth: 2}, hubURL, false, true},
		{hub.Policy{Mode: hub.SkipHubs}, hubURL, true, true},
		{hub.Policy{Mode: hub.SkipHubs}, topicURL, false, true},
	}
	for _, tt := range tests {
		t.Run(tt.policy.Mode.String(), func(t *testing.T) {
			h, err := hub.NewHook(c, tt.policy)
			if err != nil {
				t.Fatal(err)
			}
			after := 0
			var chain hooks.Chain
			chain.OnURL(h, hooks.URLFunc(func(context.Context, *crawl.Page, *crawl.Link) error { after++; return nil }))
			marked := &crawl.Link{URL: tt.url, Depth: 3, Priority: 1, FrontierDrops: true}
			err = chain.RunURL(context.Background(), nil, marked)
			if got := errors.Is(err, hooks.ErrSkip); got != tt.skip || (err != nil && !got) {
				t.Fatalf("RunURL(marked %s) err = %v, want skip %v", tt.url, err, tt.skip)
			}
			if got := marked.Label != ""; got != tt.labeled {
				t.Errorf("marked link label %q score %v, want labelled %v", marked.Label, marked.Score, tt.labeled)
			}
			if !tt.labeled && (marked.Score != 0 || marked.Priority != 1) {
				t.Errorf("marked link score %v priority %v, want its own 0 and 1", marked.Score, marked.Priority)
			}
			fresh := &crawl.Link{URL: tt.url, Depth: 3, Priority: 1}
			if err := chain.RunURL(context.Background(), nil, fresh); !errors.Is(err, hooks.ErrSkip) && fresh.Label == "" {
				t.Errorf("new link not labelled (err %v)", err)
			}
			if want := 2; tt.skip {
				if after != 0 {
					t.Errorf("user hook ran %d times, want 0 (both links dropped)", after)
				}
			} else if after != want {
				t.Errorf("user hook ran %d times, want %d", after, want)
			}
		})
	}
}

// TestHookRefused: under a policy that drops no link (tag, boost) a link
// the crawler will refuse unfetched (Refused) is neither labelled nor
// scored and keeps its priority; under one that drops links it is judged,
// since whether it is dropped decides what the later hooks see.
func TestHookRefused(t *testing.T) {
	c := defaultClassifier(t)
	for _, tt := range []struct {
		policy  hub.Policy
		labeled bool
	}{
		{hub.Policy{}, false},
		{hub.Policy{Mode: hub.BoostHubs}, false},
		{hub.Policy{Mode: hub.HubsOnlyBeyondDepth, Depth: 2}, true},
		{hub.Policy{Mode: hub.SkipHubs}, true},
	} {
		t.Run(tt.policy.Mode.String(), func(t *testing.T) {
			h, err := hub.NewHook(c, tt.policy)
			if err != nil {
				t.Fatal(err)
			}
			for _, u := range []string{hubURL, topicURL} {
				l := &crawl.Link{URL: u, Depth: 3, Priority: 1, Refused: true}
				err := h.OnURL(context.Background(), nil, l)
				if err != nil && !errors.Is(err, hooks.ErrSkip) {
					t.Fatal(err)
				}
				if got := l.Label != ""; got != tt.labeled {
					t.Errorf("%s: label %q, want labelled %v", u, l.Label, tt.labeled)
				}
				if !tt.labeled && (l.Score != 0 || l.Priority != 1 || err != nil) {
					t.Errorf("%s: score %v priority %v err %v, want its own 0 and 1, kept", u, l.Score, l.Priority, err)
				}
			}
		})
	}
}
