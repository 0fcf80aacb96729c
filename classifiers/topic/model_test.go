package topic_test

import (
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/crawl-project/crawl/classifiers/topic"
)

// article reads a BBC testdata article.
func article(t testing.TB, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "bbc", name+".txt"))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// articles reads every testdata article whose name starts with prefix.
func articles(t testing.TB, prefix string) map[string]string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("testdata", "bbc", prefix+"*.txt"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no testdata for %s: %v", prefix, err)
	}
	out := map[string]string{}
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".txt")
		out[name] = article(t, name)
	}
	return out
}

// sportModel is built from the six athletics articles sport-001…006.
func sportModel(t testing.TB, cfg topic.Config) *topic.Model {
	t.Helper()
	var seeds []topic.SeedPage
	for _, n := range []string{"001", "002", "003", "004", "005", "006"} {
		seeds = append(seeds, topic.SeedPage{URL: "http://demo/sport/" + n, Text: article(t, "sport-"+n)})
	}
	m, err := topic.NewFromPages(cfg, seeds)
	if err != nil {
		t.Fatalf("NewFromPages: %v", err)
	}
	return m
}

func TestNewFromPagesRanksTopicFirst(t *testing.T) {
	m := sportModel(t, topic.Config{})
	if m.Seeds() != 6 || len(m.Terms()) == 0 || len(m.Terms()) > 300 {
		t.Fatalf("Seeds() = %d, %d terms; want 6 seeds, 1..300 terms", m.Seeds(), len(m.Terms()))
	}
	// Seed pages are close to their centroid.
	if s := m.SeedScore(m.Vector(article(t, "sport-001"))); s < 0.4 {
		t.Errorf("seed page score %.3f, want ≥ 0.4", s)
	}
	// No article of another topic scores as high as a seed page, and the
	// sport articles that are not seeds score higher on average.
	seedLow := m.SeedScore(m.Vector(article(t, "sport-005")))
	mean := func(prefixes ...string) float64 {
		var sum float64
		n := 0
		for _, prefix := range prefixes {
			for name, text := range articles(t, prefix) {
				if name <= "sport-006" {
					continue
				}
				s := m.SeedScore(m.Vector(text))
				if !strings.HasPrefix(name, "sport") && s >= seedLow {
					t.Errorf("%s scores %.3f, as high as a seed page", name, s)
				}
				sum += s
				n++
			}
		}
		return sum / float64(n)
	}
	sport, other := mean("sport-1", "sport-2", "sport-3", "sport-4", "sport-5"), mean("business-", "tech-", "politics-", "entertainment-")
	if sport <= other {
		t.Errorf("mean score of sport articles %.3f ≤ other topics %.3f", sport, other)
	}
}

func TestNewFromPagesErrors(t *testing.T) {
	tests := []struct {
		name  string
		cfg   topic.Config
		pages []topic.SeedPage
		want  string
	}{
		{"no pages", topic.Config{}, nil, "no seed pages"},
		{"empty pages", topic.Config{}, []topic.SeedPage{{URL: "u", Text: "the and of"}}, "none of the 1 seed pages"},
		{"bad strategy", topic.Config{Strategy: "dfs"}, []topic.SeedPage{{Text: "football"}}, `Strategy "dfs"`},
		{"bad language", topic.Config{Language: "xx"}, []topic.SeedPage{{Text: "football"}}, `"xx"`},
		{"bad threshold", topic.Config{Relevance: 2}, []topic.SeedPage{{Text: "football"}}, "Relevance 2"},
		{"negative terms", topic.Config{Terms: -1}, []topic.SeedPage{{Text: "football"}}, "Terms -1"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := topic.NewFromPages(tc.cfg, tc.pages)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("NewFromPages error = %v, want one containing %q", err, tc.want)
			}
		})
	}
}

func TestFeatureSelection(t *testing.T) {
	seeds := []topic.SeedPage{
		{Text: "football football football goal goal keeper"},
		{Text: "football goal match match"},
		{Text: "football referee goal"},
	}
	m, err := topic.NewFromPages(topic.Config{Terms: 2}, seeds)
	if err != nil {
		t.Fatal(err)
	}
	// keeper, match and referee are in fewer than 2 of the 3 seed pages.
	if got := strings.Join(m.Terms(), " "); got != "football goal" {
		t.Errorf("Terms() = %q, want %q", got, "football goal")
	}
}

func TestUpdate(t *testing.T) {
	m := sportModel(t, topic.Config{})
	before := m.Score(m.Vector(article(t, "sport-101")))
	// An off-topic page is not folded in.
	if m.Update(m.Vector(article(t, "business-001"))) {
		t.Error("Update(business article) = true, want false")
	}
	// An athletics article close to a seed page is.
	if !m.Update(m.Vector(article(t, "sport-003"))) {
		t.Error("Update(athletics article) = false, want true")
	}
	if acc, rej := m.Updates(); acc != 1 || rej != 0 {
		t.Errorf("Updates() = %d, %d; want 1, 0", acc, rej)
	}
	if d := m.Drift(); d >= 1 || d < 0.9 {
		t.Errorf("Drift() = %.4f after one update, want in [0.9, 1)", d)
	}
	if after := m.Score(m.Vector(article(t, "sport-101"))); after == before {
		t.Error("Score unchanged by an update")
	}
	// The seed centroid (relevance) never moves.
	s1 := m.SeedScore(m.Vector(article(t, "sport-101")))
	m.Update(m.Vector(article(t, "sport-004")))
	if s2 := m.SeedScore(m.Vector(article(t, "sport-101"))); s1 != s2 {
		t.Errorf("SeedScore moved from %v to %v", s1, s2)
	}
}

func TestDriftGuard(t *testing.T) {
	m := sportModel(t, topic.Config{DriftFloor: 0.9999, Update: 0.05})
	if m.Update(m.Vector(article(t, "sport-003"))) {
		t.Fatal("Update accepted a page that moves the centroid past the floor")
	}
	if acc, rej := m.Updates(); acc != 0 || rej != 1 {
		t.Errorf("Updates() = %d, %d; want 0, 1", acc, rej)
	}
	if d := m.Drift(); d < 0.9999 {
		t.Errorf("Drift() = %v, want ≥ floor", d)
	}
}

func TestModelConcurrent(t *testing.T) {
	m := sportModel(t, topic.Config{Update: 0.1, DriftFloor: -1})
	texts := articles(t, "sport-")
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			for _, text := range texts {
				v := m.Vector(text)
				_ = m.Score(v)
				m.Update(v)
			}
		})
	}
	wg.Wait()
	acc, _ := m.Updates()
	if acc == 0 {
		t.Error("no update accepted under concurrency")
	}
	if d := m.Drift(); d <= 0 || d > 1.0000001 {
		t.Errorf("Drift() = %v out of (0, 1]", d)
	}
}

func TestChineseSeeds(t *testing.T) {
	seeds := []topic.SeedPage{
		{Text: "中国男子足球队在世界杯预选赛中以二比零战胜对手，球迷在体育场欢呼。"},
		{Text: "女子排球队夺得世界杯冠军，主教练赛后表示球队发挥出色。"},
		{Text: "篮球联赛总决赛第七场，主队在体育馆以三分险胜夺得冠军。"},
	}
	m, err := topic.NewFromPages(topic.Config{Language: "zh"}, seeds)
	if err != nil {
		t.Fatal(err)
	}
	sport := m.SeedScore(m.Vector("足球队在联赛中夺得冠军，球迷庆祝。"))
	money := m.SeedScore(m.Vector("央行宣布下调存款利率，股市和债券市场随之上涨。"))
	if sport <= money || sport < 0.2 {
		t.Errorf("Chinese scores: sport %.3f, finance %.3f; want sport > finance and ≥ 0.2", sport, money)
	}
}
