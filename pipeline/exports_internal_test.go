package pipeline

import (
	"bytes"
	"context"
	"errors"
	"sync/atomic"
	"testing"
)

// TestRunExports checks the export runner's contract: jobs reading
// frontier rows start after the frontier's Close returned, the records
// job is queued first, every line is logged in job order, and the first
// job's error (in job order) is returned with the Close error.
func TestRunExports(t *testing.T) {
	var closed atomic.Bool
	job := func(name string, readsFrontier, longest bool, err error) exportJob {
		return exportJob{readsFrontier: readsFrontier, longest: longest, run: func(ctx context.Context) ([]string, error) {
			if readsFrontier && !closed.Load() {
				t.Errorf("%s started before the frontier was closed", name)
			}
			if err != nil {
				return nil, err
			}
			return []string{"wrote " + name}, nil
		}}
	}
	closeErr, jobErr := errors.New("close failed"), errors.New("disk full")
	for _, tc := range []struct {
		name    string
		jobs    []exportJob
		close   error
		wantLog string
		wantErr []error
	}{
		{"all fine", []exportJob{job("pages", true, false, nil), job("links", false, false, nil),
			job("records", false, true, nil), job("harvest", true, false, nil), job("failures", false, false, nil)},
			nil, "wrote pages\nwrote links\nwrote records\nwrote harvest\nwrote failures\n", nil},
		{"one fails", []exportJob{job("pages", true, false, nil), job("records", false, true, jobErr)},
			nil, "", []error{jobErr}},
		{"close fails", []exportJob{job("records", false, true, nil), job("topics", true, false, nil)},
			closeErr, "wrote records\nwrote topics\n", []error{closeErr}},
		{"no jobs", nil, closeErr, "", []error{closeErr}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			closed.Store(false)
			var log bytes.Buffer
			err := runExports(context.Background(), tc.jobs, func() error {
				closed.Store(true)
				return tc.close
			}, &log)
			if !closed.Load() {
				t.Error("the frontier was not closed")
			}
			for _, want := range tc.wantErr {
				if !errors.Is(err, want) {
					t.Errorf("error %v, want %v in it", err, want)
				}
			}
			if tc.wantErr == nil && err != nil {
				t.Errorf("error %v", err)
			}
			if tc.name == "one fails" {
				// pages may have been cancelled or written: its line only if written
				if l := log.String(); l != "" && l != "wrote pages\n" {
					t.Errorf("logged %q", l)
				}
			} else if log.String() != tc.wantLog {
				t.Errorf("logged %q, want %q", log.String(), tc.wantLog)
			}
			if len(tc.jobs) > 0 && !tc.jobs[startOrder(tc.jobs)[0]].longest {
				t.Errorf("start order %v does not begin with the records", startOrder(tc.jobs))
			}
		})
	}
}
