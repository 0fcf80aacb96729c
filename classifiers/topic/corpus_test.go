package topic_test

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/crawl-project/crawl/classifiers/topic"
)

func corpusFS(t testing.TB) fstest.MapFS {
	fsys := fstest.MapFS{}
	for name, text := range articles(t, "") {
		top, num, _ := strings.Cut(name, "-")
		fsys[top+"/"+num+".txt"] = &fstest.MapFile{Data: []byte(text)}
	}
	fsys["README.TXT"] = &fstest.MapFile{Data: []byte("not a topic")}
	fsys["business/latin1.txt"] = &fstest.MapFile{Data: []byte("Caf\xe9 profits rise\n")}
	return fsys
}

func TestNewFromCorpus(t *testing.T) {
	m, err := topic.NewFromCorpus(topic.Config{Terms: 200, Strategy: topic.StrategyBestFirst}, corpusFS(t), "sport")
	if err != nil {
		t.Fatal(err)
	}
	if m.Seeds() != 0 || len(m.Terms()) == 0 {
		t.Fatalf("Seeds() = %d, %d terms", m.Seeds(), len(m.Terms()))
	}
	sport := m.Score(m.Vector("The striker scored twice as United won the cup final against City."))
	biz := m.Score(m.Vector("Shares fell after the bank reported lower profits and the economy slowed."))
	if sport <= biz {
		t.Errorf("trained score sport %.3f ≤ business %.3f", sport, biz)
	}
	if m.Update(m.Vector("football match goal")) {
		t.Error("a trained model accepted an update")
	}
}

func TestNewFromCorpusErrors(t *testing.T) {
	fsys := corpusFS(t)
	if _, err := topic.NewFromCorpus(topic.Config{}, fsys, "cooking"); err == nil || !strings.Contains(err.Error(), `"cooking"`) {
		t.Errorf("missing topic: error %v", err)
	}
	only := fstest.MapFS{"sport/1.txt": {Data: []byte("football")}}
	if _, err := topic.NewFromCorpus(topic.Config{}, only, "sport"); err == nil || !strings.Contains(err.Error(), "no folder besides") {
		t.Errorf("single topic: error %v", err)
	}
}
