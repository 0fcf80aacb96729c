package config

import (
	"slices"
	"strings"
	"testing"
)

func TestKeepBuiltins(t *testing.T) {
	load := func() *Config {
		c, err := Parse(strings.NewReader("seeds: [\"http://example.com/\"]\nhub: {enabled: true}\nclustering: {enabled: true}\nextraction: {enabled: true}\n"), "t.yaml")
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	c := load()
	if got, want := c.Builtins(), []string{"hub", "clustering", "extraction"}; !slices.Equal(got, want) {
		t.Fatalf("Builtins() = %v, want %v", got, want)
	}
	if err := c.KeepBuiltins("extraction", "hub"); err != nil {
		t.Fatal(err)
	}
	if got, want := c.Builtins(), []string{"hub", "extraction"}; !slices.Equal(got, want) {
		t.Errorf("after KeepBuiltins(extraction, hub): %v, want %v", got, want)
	}
	if err := c.KeepBuiltins(); err != nil || len(c.Builtins()) != 0 {
		t.Errorf("KeepBuiltins() = %v, left %v on", err, c.Builtins())
	}
	for _, bad := range [][]string{{"hubs"}, {"hub", "topic"}, {""}} {
		c := load()
		err := c.KeepBuiltins(bad...)
		if err == nil {
			t.Errorf("KeepBuiltins(%q): no error", bad)
			continue
		}
		if !strings.Contains(err.Error(), `"`+bad[len(bad)-1]+`"`) {
			t.Errorf("KeepBuiltins(%q): %v does not name %q", bad, err, bad[len(bad)-1])
		}
		if got := c.Builtins(); len(got) != 3 {
			t.Errorf("KeepBuiltins(%q) failed but changed the configuration: %v on", bad, got)
		}
	}
}
