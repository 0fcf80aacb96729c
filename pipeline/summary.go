package pipeline

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/crawl-project/crawl/config"
	"github.com/crawl-project/crawl/crawler"
)

// ErrInterrupted is returned by Crawl when the context was cancelled (Ctrl-C)
// and the crawl stopped gracefully: what was fetched is stored and exported,
// and running the same configuration again resumes.
var ErrInterrupted = errors.New("pipeline: interrupted")

// Crawl is the whole job of `crawl -config FILE` in one call: it opens the
// pipeline of cfg, crawls, writes the end-of-run summary to out (nil for
// none), exports the configured tables into cfg.Out (listing the files it
// wrote on out) and closes everything. A Go program gets exactly what the
// command line writes and prints. An interrupted crawl (ctx cancelled)
// skips the exports, so that a stop stays bounded, says so on out, and
// returns ErrInterrupted: running again resumes and exports.
func Crawl(ctx context.Context, cfg *config.Config, opts Options, out io.Writer) (crawler.Summary, error) {
	if out == nil {
		out = io.Discard
	}
	if len(cfg.Exports) > 0 {
		if err := CheckOutDir(cfg.Out); err != nil {
			return crawler.Summary{}, err
		}
	}
	p, err := Open(ctx, cfg, opts)
	if err != nil {
		return crawler.Summary{}, err
	}
	p.early = newEarlyExports(ctx, p.st, cfg.Exports, cfg.Out) // begun by Run once its pages are stored
	sum, runErr := p.Run(ctx)
	for _, line := range p.Report() {
		fmt.Fprintln(out, line)
	}
	switch {
	case runErr != nil:
	case sum.Interrupted():
		if len(cfg.Exports) > 0 {
			fmt.Fprintf(out, "exports to %s skipped: interrupted (run again to finish, or use crawl export -db %s)\n", cfg.Out, cfg.DB)
		}
	default: // the frontier's Close (its seen set saved) beside the exports
		runErr = runExports(ctx, p.exportJobs(cfg.Out), p.closeFrontier, out)
	}
	p.early.discard() // what was written early and not put in place
	if err := errors.Join(runErr, p.Close()); err != nil {
		return sum, err
	}
	if sum.Interrupted() {
		return sum, ErrInterrupted
	}
	return sum, nil
}

// Report returns the end-of-run summary of the last Run, one line each, as
// `crawl -config` prints it: why the crawl ended, pages, errors, speed, and
// what each built-in found. Before Run it holds the built-ins' lines only.
func (p *Pipeline) Report() []string {
	var out []string
	if p.ran {
		out = summaryLines(p.cfg, p.sum)
	}
	for _, line := range p.report {
		out = append(out, "  "+line)
	}
	for _, bi := range p.builtins {
		if r, ok := bi.(reporter); ok {
			for _, line := range r.reportLines() {
				out = append(out, "  "+line)
			}
		}
	}
	if p.ran {
		out = append(out, fmt.Sprintf("  queued          %d links left in the frontier", p.sum.Queued))
		if p.sum.Held > 0 {
			out = append(out, fmt.Sprintf("  held            %d URLs waiting for their host's robots.txt (5xx or unreachable); the next run fetches them", p.sum.Held))
		}
	}
	return out
}

// summaryLines are the engine's part of the summary.
func summaryLines(cfg *config.Config, sum crawler.Summary) []string {
	lines := []string{
		"crawl ended: " + reasonText(sum.Reason),
		fmt.Sprintf("  pages fetched   %d this run (%d stored in %s), %d not modified", sum.Fetched, sum.TotalPages, cfg.DB, sum.NotModified),
		fmt.Sprintf("  errors          %d: %s", sum.Failed, sum.ErrorSummary()),
		fmt.Sprintf("  speed           %.1f pages/s over %s", sum.PagesPerSecond(), sum.Elapsed.Round(time.Millisecond)),
		fmt.Sprintf("  duplicates      %d pages (links not followed); %d pages had their links cut at max_links_per_page (%d links)", sum.Duplicates, sum.LinksCapped, sum.LinksCut),
		"  refused         " + refusedText(sum.Refused),
	}
	if sum.Sitemaps > 0 || sum.SitemapProblems > 0 {
		lines = append(lines, fmt.Sprintf("  sitemaps        %d read, %d new URLs queued, %d problems", sum.Sitemaps, sum.SitemapURLs, sum.SitemapProblems))
	}
	if sum.BatchWait > 0 {
		lines = append(lines, fmt.Sprintf("  batch hooks     fetching waited %s for OnBatch work (its queue was full)", sum.BatchWait.Round(time.Millisecond)))
	}
	if cfg.Topic.Enabled {
		lines = append(lines, fmt.Sprintf("  harvest rate    %.3f (%d relevant of %d)", sum.Harvest(), sum.Relevant, sum.Fetched))
	}
	if cfg.Clustering.Enabled {
		lines = append(lines, fmt.Sprintf("  clusters        %d", sum.Clusters))
	}
	if cfg.Extraction.Enabled {
		lines = append(lines, fmt.Sprintf("  records         %d", sum.TotalRecords))
	}
	return lines
}

// refusedText lists the links each limit rule refused, "none" when none.
func refusedText(m map[string]int64) string {
	keys := make([]string, 0, len(m))
	for k, v := range m {
		if v > 0 {
			keys = append(keys, k)
		}
	}
	if len(keys) == 0 {
		return "none"
	}
	slices.Sort(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%s=%d", k, m[k])
	}
	return strings.Join(parts, ", ") + " links"
}

func reasonText(r string) string {
	switch r {
	case "frontier-empty":
		return "the frontier ran dry (no more URLs in scope)"
	case "max-pages":
		return "page budget reached"
	case "hook-stop":
		return "a hook asked to stop"
	case "interrupted":
		return "interrupted; in-flight pages stored, run again to resume"
	case "error":
		return "stopped by an error"
	}
	return r
}
