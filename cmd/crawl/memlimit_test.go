package main

import (
	"runtime/debug"
	"testing"

	"github.com/crawl-project/crawl/config"
)

func TestSetMemoryLimit(t *testing.T) {
	before := debug.SetMemoryLimit(-1)
	env := map[string]string{}
	getenv := func(k string) string { return env[k] }

	restore, err := setMemoryLimit(&config.Config{MemoryLimit: "700MiB"}, getenv)
	if err != nil {
		t.Fatal(err)
	}
	if got := debug.SetMemoryLimit(-1); got != 700<<20 {
		t.Errorf("limit = %d, want 700MiB", got)
	}
	restore()
	if got := debug.SetMemoryLimit(-1); got != before {
		t.Errorf("after restore limit = %d, want %d", got, before)
	}

	env["GOMEMLIMIT"] = "1GiB" // the environment wins: nothing set
	restore, err = setMemoryLimit(&config.Config{MemoryLimit: "700MiB"}, getenv)
	if err != nil {
		t.Fatal(err)
	}
	if got := debug.SetMemoryLimit(-1); got != before {
		t.Errorf("with GOMEMLIMIT set the limit became %d, want it left at %d", got, before)
	}
	restore()

	delete(env, "GOMEMLIMIT")
	if restore, err = setMemoryLimit(&config.Config{MemoryLimit: "off"}, getenv); err != nil {
		t.Fatal(err)
	}
	if got := debug.SetMemoryLimit(-1); got != before {
		t.Errorf("memory_limit off set the limit to %d", got)
	}
	restore()
}
