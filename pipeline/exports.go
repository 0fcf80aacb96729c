package pipeline

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"sync"

	"github.com/crawl-project/crawl/export"
)

// exportWorkers is how many export files are written at once. The files
// are independent (each read from the store on its own connection of the
// read pool, written to a temporary file renamed when whole), so the end
// of a run costs the longest export, not their sum; two, as the machines
// this is measured on have two cores and the store's read pool holds four
// connections.
const exportWorkers = 2

// exportJob writes one export file and returns the lines it logs.
type exportJob struct {
	run func(ctx context.Context) ([]string, error)
	// readsFrontier: the job reads frontier rows (the pages table joined
	// with them), so it waits for a frontier being closed beside the
	// exports (its Close may write the queued links' priorities).
	readsFrontier bool
	longest       bool // the records: started before anything else
	early         bool // written beside the final batch (earlyExports): started last, to put it in place
}

// exportJobs are the configured exports of p into dir, in configured
// order; records.csv and the per-cluster files are one job (one pass).
func (p *Pipeline) exportJobs(dir string) []exportJob {
	var jobs []exportJob
	for _, what := range p.cfg.Exports {
		path := filepath.Join(dir, what+".csv")
		if what == "records" {
			jobs = append(jobs, exportJob{longest: true, run: func(ctx context.Context) ([]string, error) {
				files, err := export.WriteRecords(ctx, p.st, "csv", path, filepath.Join(dir, "records"))
				if err != nil {
					return nil, err
				}
				lines := []string{"wrote " + path}
				if len(files) > 0 {
					lines = append(lines, fmt.Sprintf("wrote %d per-cluster record files in %s", len(files), filepath.Join(dir, "records")))
				}
				return lines, nil
			}})
			continue
		}
		if what == "harvest" && p.cfg.Topic.Enabled { // the CSV and the plot from one pass over the pages
			svg := filepath.Join(dir, "harvest.svg")
			jobs = append(jobs, exportJob{readsFrontier: true, run: func(ctx context.Context) ([]string, error) {
				if err := export.WriteHarvest(ctx, p.st, path, svg); err != nil {
					return nil, err
				}
				return []string{"wrote " + path, "wrote " + svg}, nil
			}})
			continue
		}
		jobs = append(jobs, exportJob{readsFrontier: what == "pages" || what == "harvest" || what == "topics",
			early: p.early.has(what),
			run: func(ctx context.Context) ([]string, error) {
				if lines, ok, err := p.early.commit(ctx, what); ok {
					return lines, err
				}
				if err := export.WriteFile(ctx, p.st, what, "csv", path); err != nil {
					return nil, err
				}
				return []string{"wrote " + path}, nil
			}})
	}
	return jobs
}

// runExports runs jobs on exportWorkers goroutines, beside closeFrontier
// when it is not nil (started second; the jobs reading frontier rows wait
// for it), and logs the jobs' lines in the jobs' order once all ended. The
// records job, the longest by far, starts first. It returns the first
// job's error in that order (the others are cancelled), joined with
// closeFrontier's.
func runExports(ctx context.Context, jobs []exportJob, closeFrontier func() error, log io.Writer) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	closed := make(chan struct{})
	var closeErr error
	closeTask := func() {
		defer close(closed)
		if closeFrontier != nil {
			closeErr = closeFrontier()
		}
	}
	lines := make([][]string, len(jobs))
	errs := make([]error, len(jobs))
	var list []func()
	for _, i := range startOrder(jobs) {
		list = append(list, func() {
			if jobs[i].readsFrontier {
				<-closed
			}
			if lines[i], errs[i] = jobs[i].run(ctx); errs[i] != nil {
				cancel()
			}
		})
	}
	at := min(1, len(list)) // after the longest job, before the others
	list = append(list[:at], append([]func(){closeTask}, list[at:]...)...)
	tasks := make(chan func(), len(list))
	for _, t := range list {
		tasks <- t
	}
	close(tasks)
	var wg sync.WaitGroup
	for range exportWorkers {
		wg.Go(func() {
			for t := range tasks {
				t()
			}
		})
	}
	wg.Wait()
	var first error
	for i := range jobs {
		for _, l := range lines[i] {
			fmt.Fprintln(log, l)
		}
		if first == nil && errs[i] != nil && !errors.Is(errs[i], context.Canceled) {
			first = errs[i]
		}
	}
	if first == nil { // only cancellations: the caller's context ended
		first = errors.Join(errs...)
	}
	return errors.Join(first, closeErr)
}

// startOrder is the order the jobs start in: the longest, then those not
// waiting for the frontier, then the others, then those written early
// (which only wait to be put in place), each in configured order.
func startOrder(jobs []exportJob) []int {
	var first, now, later, early []int
	for i, j := range jobs {
		switch {
		case j.early:
			early = append(early, i)
		case j.longest:
			first = append(first, i)
		case j.readsFrontier:
			later = append(later, i)
		default:
			now = append(now, i)
		}
	}
	return slices.Concat(first, now, later, early)
}
