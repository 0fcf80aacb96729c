package config

import (
	"fmt"
	"slices"
	"strings"
)

// BuiltinNames are the built-in methods by the names of their sections, in
// the order the pipeline runs them.
var BuiltinNames = []string{"hub", "topic", "clustering", "extraction", "topics"}

// enabled is where each built-in's switch lives, in BuiltinNames' order.
func (c *Config) enabled() []*bool {
	return []*bool{&c.Hub.Enabled, &c.Topic.Enabled, &c.Clustering.Enabled, &c.Extraction.Enabled, &c.Topics.Enabled}
}

// Builtins names the built-in methods c has on, in BuiltinNames' order.
func (c *Config) Builtins() []string {
	var on []string
	for i, e := range c.enabled() {
		if *e {
			on = append(on, BuiltinNames[i])
		}
	}
	return on
}

// KeepBuiltins turns off every built-in method but the named ones, which
// must be on in c: a run with some of a configuration's built-ins, to
// measure what each costs. An unknown name or one c has off is an error
// naming it, and c is then left unchanged.
func (c *Config) KeepBuiltins(names ...string) error {
	on := c.Builtins()
	for _, n := range names {
		switch {
		case !slices.Contains(BuiltinNames, n):
			return fmt.Errorf("config: no built-in %q (the built-ins: %s)", n, strings.Join(BuiltinNames, ", "))
		case !slices.Contains(on, n):
			return fmt.Errorf("config: built-in %q is off in the configuration (on: %s)", n, orNone(on))
		}
	}
	for i, e := range c.enabled() {
		*e = slices.Contains(names, BuiltinNames[i])
	}
	return nil
}

func orNone(names []string) string {
	if len(names) == 0 {
		return "none"
	}
	return strings.Join(names, ", ")
}
