package extraction

import (
	"testing"

	"github.com/crawl-project/crawl/extraction/stm"
)

// TestPutWorkspaceKeepsDoubledBuffers: a workspace whose node buffers
// doubling grew for a page of at most maxKeptNodes is kept for the next
// page; one grown past that, for a larger page, is left to the collector.
func TestPutWorkspaceKeepsDoubledBuffers(t *testing.T) {
	kept := func(nodes int) bool {
		var w nodeCols
		for len(w.label) < nodes {
			w.grow()
		}
		ws := &workspace{}
		ws.p.t = &stm.Tree{Label: w.label[:nodes]}
		workspaces.mu.Lock()
		saved := workspaces.idle
		workspaces.idle = nil
		workspaces.mu.Unlock()
		defer func() {
			workspaces.mu.Lock()
			workspaces.idle = saved
			workspaces.mu.Unlock()
		}()
		putWorkspace(ws)
		return getWorkspace() == ws
	}
	for _, c := range []struct {
		nodes int
		kept  bool
	}{
		{5_000, true},
		{65_536, true},
		{70_000, true}, // capacity 131,072: dropped before
		{maxKeptNodes, true},
		{2*maxKeptNodes + 1, false},
		{500_000, false},
	} {
		if got := kept(c.nodes); got != c.kept {
			t.Errorf("a workspace that held %d nodes: kept %v, want %v", c.nodes, got, c.kept)
		}
	}
}
