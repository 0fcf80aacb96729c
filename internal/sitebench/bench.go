package sitebench

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/crawl-project/crawl/config"
)

// Config is one comparison. Exe and ConfigPath are required.
type Config struct {
	Exe        string   // the crawl binary run for each crawl
	ConfigPath string   // the crawl configuration; {site} stands for Site's base URL
	Site       string   // directory served on loopback for the crawl; "" when the config needs none
	Rounds     int      // rounds of one built-ins-off and one built-ins-on crawl; default 2
	Work       string   // directory for stores, exports and the resolved config; default a temporary one
	Hubs       string   // file of the site's true hub pages, one path a line (# comments); "" for none
	Each       bool     // each round also crawls with each configured built-in alone (what each costs)
	Env        []string // extra environment of the child processes
	Log        io.Writer
}

// Mode says which built-ins a run had on.
type Mode string

const (
	Off Mode = "off" // every built-in method off
	On  Mode = "on"  // as configured
)

// Alone is the mode of a crawl with one built-in method on, by its
// configuration section's name (config.BuiltinNames).
func Alone(builtin string) Mode { return Mode(builtin) }

// builtinsFlag is the crawl's -builtins value for mode m.
func (m Mode) builtinsFlag() string { return string(m) }

// Run is one crawl's measurement.
type Run struct {
	Mode    Mode
	Round   int
	Pages   int           // pages fetched
	Wall    time.Duration // from start to exit: crawl, OnBatch work and exports
	CPU     time.Duration // the child's user and system CPU time
	PeakRSS int64         // bytes, the child's peak resident set
	Figures Figures       // what the built-ins made of the site (On runs)
	Summary string        // the crawl's own summary
}

// PagesPerSecond over the whole run, exports included.
func (r Run) PagesPerSecond() float64 {
	if r.Wall <= 0 {
		return 0
	}
	return float64(r.Pages) / r.Wall.Seconds()
}

// Result is a whole comparison.
type Result struct {
	Site  string
	Runs  []Run
	Alone []Mode // the built-ins crawled alone (Config.Each), in the pipeline's order
}

// Measure runs the comparison: Rounds rounds, each a built-ins-off and a
// built-ins-on crawl of the same site from fresh stores, in alternating
// order (off first in odd rounds, on first in even ones) so that a machine
// getting faster or slower over time does not favour one side, after one
// built-ins-off crawl that is not counted (the site's files read once).
func Measure(ctx context.Context, cfg Config) (Result, error) {
	if cfg.Exe == "" || cfg.ConfigPath == "" {
		return Result{}, fmt.Errorf("sitebench: Exe and ConfigPath are required")
	}
	if cfg.Rounds <= 0 {
		cfg.Rounds = 2
	}
	if cfg.Log == nil {
		cfg.Log = io.Discard
	}
	if cfg.Work == "" {
		dir, err := os.MkdirTemp("", "sitebench-")
		if err != nil {
			return Result{}, fmt.Errorf("sitebench: %w", err)
		}
		defer os.RemoveAll(dir)
		cfg.Work = dir
	} else if err := os.MkdirAll(cfg.Work, 0o755); err != nil {
		return Result{}, fmt.Errorf("sitebench: %w", err)
	}
	yaml, err := os.ReadFile(cfg.ConfigPath)
	if err != nil {
		return Result{}, fmt.Errorf("sitebench: %w", err)
	}
	res := Result{Site: cfg.Site}
	var alone []Mode
	base := ""
	if cfg.Site != "" {
		var stop func()
		if base, stop, err = serveDir(cfg.Site); err != nil {
			return res, err
		}
		defer stop()
		yaml = withSite(yaml, base)
	}
	resolved := filepath.Join(cfg.Work, "bench.yaml")
	if err := os.WriteFile(resolved, yaml, 0o644); err != nil {
		return res, fmt.Errorf("sitebench: %w", err)
	}
	if cfg.Each {
		c, err := config.Load(resolved)
		if err != nil {
			return res, fmt.Errorf("sitebench: %w", err)
		}
		for _, b := range c.Builtins() {
			alone = append(alone, Alone(b))
		}
		res.Alone = alone
	}
	var hubs *hubTruth
	if cfg.Hubs != "" {
		if hubs, err = readHubs(cfg.Hubs, base); err != nil {
			return res, err
		}
	}
	// A crawl before the rounds, not counted: the first crawl of a site
	// reads its files from disk (the server's page cache is cold), which
	// would slow whichever mode ran first.
	if _, err := crawlOnce(ctx, cfg, resolved, Off, 0); err != nil {
		return res, err
	}
	for round := 1; round <= cfg.Rounds; round++ {
		order := append([]Mode{Off, On}, alone...)
		if round%2 == 0 {
			slices.Reverse(order)
		}
		for _, mode := range order {
			r, err := crawlOnce(ctx, cfg, resolved, mode, round)
			if err != nil {
				return res, err
			}
			if mode == On {
				if r.Figures, err = readFigures(filepath.Join(cfg.Work, runName(mode, round)), r.Summary, hubs); err != nil {
					return res, err
				}
			}
			fmt.Fprintf(cfg.Log, "round %d, built-ins %s: %d pages in %s, %.1f pages/s, CPU %s, peak RSS %d MB\n",
				round, mode, r.Pages, r.Wall.Round(time.Millisecond), r.PagesPerSecond(), r.CPU.Round(time.Millisecond), r.PeakRSS>>20)
			res.Runs = append(res.Runs, r)
		}
	}
	return res, nil
}

func runName(mode Mode, round int) string { return fmt.Sprintf("%s-%d", mode, round) }

// crawlOnce runs one crawl as a child process from a fresh store.
func crawlOnce(ctx context.Context, cfg Config, configPath string, mode Mode, round int) (Run, error) {
	name := runName(mode, round)
	args := []string{"-config", configPath, "-db", filepath.Join(cfg.Work, name+".db"),
		"-out", filepath.Join(cfg.Work, name), "-fresh", "-quiet"}
	if mode != On {
		args = append(args, "-builtins", mode.builtinsFlag())
	}
	cmd := exec.CommandContext(ctx, cfg.Exe, args...)
	cmd.Env = append(os.Environ(), cfg.Env...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	err := cmd.Run()
	wall := time.Since(start)
	if err != nil {
		return Run{}, fmt.Errorf("sitebench: crawl %s: %w: %s", name, err, tail(stderr.String(), 600))
	}
	ps := cmd.ProcessState
	r := Run{Mode: mode, Round: round, Wall: wall, CPU: ps.UserTime() + ps.SystemTime(), PeakRSS: peakRSS(ps), Summary: stdout.String()}
	if r.Pages, err = pagesFetched(r.Summary); err != nil {
		return r, fmt.Errorf("sitebench: crawl %s: %w", name, err)
	}
	return r, nil
}

func tail(s string, n int) string {
	if len(s) > n {
		return "…" + s[len(s)-n:]
	}
	return s
}

// Ratio is the median built-ins-on pages/s over the median built-ins-off
// pages/s.
func (r Result) Ratio() float64 {
	off, on := r.median(Off), r.median(On)
	if off == 0 {
		return 0
	}
	return on / off
}

// median is the median pages/s of the runs of mode m (0 when none).
func (r Result) median(m Mode) float64 {
	return r.medianBy(m, func(run Run) (float64, bool) { return run.PagesPerSecond(), true })
}

// medianCPU is the median over the runs of mode m of their CPU seconds a
// page (0 when none was measured). Its ratio, off over on, is the pages/s
// ratio of a crawl with no core to spare: what the built-ins cost in CPU,
// whatever else the machine runs (the loopback server included, which is
// the bench's own process and not counted).
func (r Result) medianCPU(m Mode) float64 {
	return r.medianBy(m, func(run Run) (float64, bool) {
		return run.CPU.Seconds() / float64(run.Pages), run.CPU > 0 && run.Pages > 0
	})
}

// medianBy is the median of value over the runs of mode m it has one for
// (ok), 0 when none has.
func (r Result) medianBy(m Mode, value func(Run) (float64, bool)) float64 {
	var v []float64
	for _, run := range r.Runs {
		if run.Mode != m {
			continue
		}
		if x, ok := value(run); ok {
			v = append(v, x)
		}
	}
	slices.Sort(v)
	return medianOf(v)
}

// medianOf is the median of sorted values (0 for none).
func medianOf(v []float64) float64 {
	switch {
	case len(v) == 0:
		return 0
	case len(v)%2 == 1:
		return v[len(v)/2]
	}
	return (v[len(v)/2-1] + v[len(v)/2]) / 2
}

// RoundRatios are each round's built-ins-on pages/s over its built-ins-off
// pages/s, in round order. The two crawls of a round run one after the
// other, so a machine slowed for a while by other work slows both: the
// rounds' ratios spread less than the medians of the two sides do, and
// their median and lowest say how robustly the ratio holds.
func (r Result) RoundRatios() []float64 {
	off, on := map[int]float64{}, map[int]float64{}
	var rounds []int
	for _, run := range r.Runs {
		switch run.Mode {
		case Off:
			off[run.Round] = run.PagesPerSecond()
			rounds = append(rounds, run.Round)
		case On:
			on[run.Round] = run.PagesPerSecond()
		}
	}
	var ratios []float64
	for _, k := range rounds {
		if off[k] > 0 && on[k] > 0 {
			ratios = append(ratios, on[k]/off[k])
		}
	}
	return ratios
}

// PeakRSS is the largest peak resident set of the runs of mode m, in bytes.
func (r Result) PeakRSS(m Mode) int64 {
	var peak int64
	for _, run := range r.Runs {
		if run.Mode == m {
			peak = max(peak, run.PeakRSS)
		}
	}
	return peak
}

// Write prints the comparison as a small report.
func (r Result) Write(w io.Writer) {
	fmt.Fprintf(w, "site %s, %d rounds\n", r.Site, len(r.Runs)/(2+len(r.Alone)))
	fmt.Fprintf(w, "  pages/s, built-ins off   %.1f (median)\n", r.median(Off))
	fmt.Fprintf(w, "  pages/s, built-ins on    %.1f (median), ratio %.2f\n", r.median(On), r.Ratio())
	if off, on := r.medianCPU(Off), r.medianCPU(On); off > 0 && on > 0 {
		fmt.Fprintf(w, "  CPU a page               off %.3f ms, on %.3f ms (medians), ratio %.2f\n", 1000*off, 1000*on, off/on)
	}
	if rr := r.RoundRatios(); len(rr) > 1 {
		sorted := slices.Sorted(slices.Values(rr))
		fmt.Fprintf(w, "  ratio by round          ")
		for _, x := range rr {
			fmt.Fprintf(w, " %.2f", x)
		}
		fmt.Fprintf(w, " (median %.2f, lowest %.2f", medianOf(sorted), sorted[0])
		if lo, hi, c, ok := medianInterval(sorted, 0.9); ok {
			fmt.Fprintf(w, "; the median lies in %.2f–%.2f with %.0f %% confidence", lo, hi, 100*c)
		}
		fmt.Fprintln(w, ")")
	}
	fmt.Fprintf(w, "  peak RSS                 off %d MB, on %d MB\n", r.PeakRSS(Off)>>20, r.PeakRSS(On)>>20)
	r.writeAlone(w)
	var last *Run
	for i := range r.Runs {
		if r.Runs[i].Mode == On {
			last = &r.Runs[i]
		}
	}
	if last == nil {
		return
	}
	f := last.Figures
	fmt.Fprintf(w, "  records tables           widest %d columns over %d files, %d records\n", f.WidestTable, f.Tables, f.Records)
	fmt.Fprintf(w, "  fuzzy topics             %d topics, the largest %d of %d pages (%.1f%%)\n", f.Topics, f.LargestTopic, f.Pages, 100*f.LargestTopicShare())
	fmt.Fprintf(w, "  hub labels               %d of %d pages (%.1f%%)", f.HubPages, f.Pages, 100*f.HubShare())
	if f.HubTruth > 0 {
		fmt.Fprintf(w, ", against %d true hubs P %.3f R %.3f F1 %.3f", f.HubTruth, f.HubP, f.HubR, f.HubF1)
		if f.HubUnlabelled > 0 {
			fmt.Fprintf(w, " (%d crawled pages the labels do not list left out)", f.HubUnlabelled)
		}
	}
	fmt.Fprintln(w)
	fmt.Fprintf(w, "  last built-ins-on crawl's summary:\n")
	for _, line := range strings.Split(strings.TrimRight(last.Summary, "\n"), "\n") {
		fmt.Fprintf(w, "    %s\n", line)
	}
}
