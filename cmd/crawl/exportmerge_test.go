package main

import (
	"strings"
	"testing"
)

// TestExportMergedUsage: the merged mining's flags are checked before any
// store is read, each bad value named.
func TestExportMergedUsage(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-mining", "kmeans", "-what", "records"}, `-mining "kmeans": want recluster, centres or off`},
		{[]string{"-mining", "off", "-what", "records"}, `-what "records" over several stores: want one of pages, links, failures`},
		{[]string{"-what", "harvest"}, `-what "harvest" over several stores: want one of pages, links, failures, records, clusters, topics`},
		{[]string{"-what", "clusters", "-config", "/nonexistent/c.yaml"}, "c.yaml"},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			args := append([]string{"export", "-db", "/nonexistent/a.db", "-db", "/nonexistent/b.db"}, tc.args...)
			code, _, errOut := runCLI(t, args...)
			if code == 0 || !strings.Contains(errOut, tc.want) {
				t.Errorf("crawl %s: exit %d, stderr %q; want an error naming %q", strings.Join(args, " "), code, errOut, tc.want)
			}
		})
	}
}
