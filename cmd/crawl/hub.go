package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/crawl-project/crawl/classifiers/hub"
	"github.com/crawl-project/crawl/pipeline"
)

// runHub trains, applies and evaluates the hub/topic URL classifier
// (paper 001): crawl hub train|classify|eval|split.
func runHub(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		return fmt.Errorf("%w: hub train|classify|eval|split [flags]", errUsage)
	}
	switch args[0] {
	case "train":
		return hubTrain(args[1:], stdout, stderr)
	case "classify":
		return hubClassify(args[1:], stdin, stdout, stderr)
	case "eval":
		return hubEval(ctx, args[1:], stdout, stderr)
	case "split":
		return hubSplit(args[1:], stdout, stderr)
	}
	return fmt.Errorf("%w: unknown hub command %q (want train, classify, eval or split)", errUsage, args[0])
}

func parseFlags(fs *flag.FlagSet, args []string) error {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return err
		}
		return fmt.Errorf("%w: %v", errUsage, err)
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("%w: unexpected argument %q", errUsage, fs.Arg(0))
	}
	return nil
}

func readExamples(path string) ([]hub.Example, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("hub: %w", err)
	}
	defer f.Close()
	ex, err := hub.ReadTSV(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return ex, nil
}

func hubTrain(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("hub train", flag.ContinueOnError)
	fs.SetOutput(stderr)
	data := fs.String("data", "", "labelled TSV (header label<TAB>url<TAB>host; optional anchor, depth, size); required")
	out := fs.String("model", "", "bundle directory to write (hub.model, hub.range, features.json); required")
	folds := fs.Int("folds", 10, "host-grouped cross-validation folds of the grid search")
	grid := fs.Bool("grid", false, "grid-search C and gamma (C 2^3..2^9, gamma 2^-8..2^-2, step 2^2)")
	seed := fs.Int64("seed", 1, "seed of the CV folds")
	c := fs.Float64("c", shippedTrainOptions.C, "C without -grid (the paper's best)")
	gamma := fs.Float64("gamma", shippedTrainOptions.Gamma, "RBF gamma without -grid (the paper's best)")
	edit := fs.Bool("edit", shippedTrainOptions.Edit, "retrain without the training URLs the first model misclassifies (fewer support vectors)")
	margin := fs.Float64("edit-margin", shippedTrainOptions.EditMargin, "with -edit, also drop training URLs whose label-signed decision value is below this")
	weighted := fs.Bool("weighted", false, "weight C by inverse class frequency")
	prob := fs.Bool("prob", shippedTrainOptions.Probability, "train Platt scaling so scores are P(hub)")
	linear := fs.Bool("linear", false, "linear kernel instead of RBF")
	workers := fs.Int("workers", 0, "grid-search goroutines (0: GOMAXPROCS)")
	paper := fs.Bool("paper-tables", false, "use the paper's text-value tables instead of learning them")
	links := fs.String("links", "", "labelled links with anchor text (TSV with an anchor column), from sites not in -data, to fit the anchor layer")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *data == "" || *out == "" {
		return fmt.Errorf("%w: hub train needs -data FILE.tsv and -model OUT", errUsage)
	}
	if *folds < 2 {
		return fmt.Errorf("%w: -folds %d, want ≥ 2", errUsage, *folds)
	}
	ex, err := readExamples(*data)
	if err != nil {
		return err
	}
	opts := hub.TrainOptions{C: *c, Gamma: *gamma, Grid: *grid, Folds: *folds, Seed: *seed, Edit: *edit, EditMargin: *margin,
		Weighted: *weighted, Probability: *prob, Linear: *linear, Workers: *workers}
	if *paper {
		t := hub.PaperTables()
		opts.Tables = &t
	}
	var lx []hub.Example
	if *links != "" {
		if lx, err = readLinks(*links, ex); err != nil {
			return err
		}
	}
	cl, err := hub.Train(ex, opts)
	if err != nil {
		return err
	}
	skipped := 0
	if lx != nil {
		if cl, skipped, err = cl.WithAnchorLayer(lx); err != nil {
			return fmt.Errorf("hub train: -links %s: %w", *links, err)
		}
	}
	if err := cl.Save(*out); err != nil {
		return err
	}
	in := cl.Info()
	if _, err = fmt.Fprintf(stdout, "trained on %d URLs (%d hubs) in %.1fs: C=%g gamma=%g support vectors %d edited %d cv-accuracy %.4f cv-F1 %.4f -> %s\n",
		in.Examples, in.Hubs, in.TrainSeconds, in.C, in.Gamma, cl.NumSV(), in.Edited, in.CVAccuracy, in.CVF1, *out); err != nil {
		return err
	}
	if a := cl.Anchor(); a != nil {
		_, err = fmt.Fprintf(stdout, "anchor layer on %d links (%d hubs; %d without anchor text skipped): z = %.4g·d %+.4g·log2(1+anchor runes) %+.4g\n",
			a.Links, a.Hubs, skipped, a.URL, a.Length, a.Bias)
	}
	return err
}

// readLinks reads the -links file of hub train and refuses links whose URL
// is also a training URL: the layer must see the SVM's decision values on
// URLs it was not trained on.
func readLinks(path string, train []hub.Example) ([]hub.Example, error) {
	lx, err := readExamples(path)
	if err != nil {
		return nil, err
	}
	seen := make(map[string]bool, len(train))
	for _, e := range train {
		seen[e.URL] = true
	}
	for i, e := range lx {
		if seen[e.URL] {
			return nil, fmt.Errorf("hub train: -links %s: link %d (%s) is also in -data; the anchor layer needs links the SVM was not trained on", path, i+1, e.URL)
		}
	}
	return lx, nil
}

func hubSplit(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("hub split", flag.ContinueOnError)
	fs.SetOutput(stderr)
	data := fs.String("data", "", "labelled TSV; required")
	out := fs.String("out", "", "directory for train.tsv, val.tsv, test.tsv; required")
	seed := fs.Int64("seed", 1, "seed of the host hash")
	fr := fs.String("fractions", "0.6,0.2,0.2", "shares of the hosts in train, val, test")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *data == "" || *out == "" {
		return fmt.Errorf("%w: hub split needs -data FILE.tsv and -out DIR", errUsage)
	}
	var fractions []float64
	for _, s := range strings.Split(*fr, ",") {
		v, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
		if err != nil || v < 0 {
			return fmt.Errorf("%w: -fractions %q: %q is not a share ≥ 0", errUsage, *fr, s)
		}
		fractions = append(fractions, v)
	}
	if len(fractions) != 3 {
		return fmt.Errorf("%w: -fractions %q: want three shares (train, val, test)", errUsage, *fr)
	}
	ex, err := readExamples(*data)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(*out, 0o755); err != nil {
		return fmt.Errorf("hub split: %w", err)
	}
	for i, part := range hub.SplitByHost(ex, *seed, fractions...) {
		name := filepath.Join(*out, []string{"train.tsv", "val.tsv", "test.tsv"}[i])
		if err := writeExamples(name, part); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "%s\t%d URLs\n", name, len(part))
	}
	return nil
}

func writeExamples(path string, ex []hub.Example) error {
	var b strings.Builder
	b.WriteString("label\turl\thost\tanchor\tdepth\tsize\n")
	for _, e := range ex {
		label := "topic"
		if e.Hub {
			label = "hub"
		}
		depth := ""
		if e.Depth >= 0 {
			depth = strconv.Itoa(e.Depth)
		}
		size := ""
		if e.Size > 0 {
			size = strconv.Itoa(e.Size)
		}
		anchor := strings.NewReplacer("\t", " ", "\n", " ", "\r", " ").Replace(e.Anchor)
		fmt.Fprintf(&b, "%s\t%s\t%s\t%s\t%s\t%s\n", label, e.URL, e.Host, anchor, depth, size)
	}
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		return fmt.Errorf("hub split: %w", err)
	}
	return nil
}

func hubEval(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("hub eval", flag.ContinueOnError)
	fs.SetOutput(stderr)
	model := fs.String("model", "", "model bundle directory (default: the shipped model)")
	data := fs.String("data", "", "labelled TSV to evaluate the URL classifier on")
	pages := fs.Bool("pages", false, "evaluate the page-level baselines (heuristic rules, content SVM) on fetched pages")
	hubGlob := fs.String("hub-pages", "../shared/data/records/*/page.html", "glob of hub (list) pages, with -pages")
	topicGlob := fs.String("topic-pages", "../shared/data/templates/big9-*/*.html", "glob of topic (article) pages, with -pages")
	seed := fs.Int64("seed", 1, "seed of the host folds (-cv), the site split and the content SVM's CV (-pages)")
	cv := fs.Int("cv", 0, "instead of a model, host-grouped K-fold cross-validation on -data with the shipped model's training options")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *data == "" && !*pages {
		return fmt.Errorf("%w: hub eval needs -data FILE.tsv and/or -pages", errUsage)
	}
	if *cv != 0 && (*data == "" || *model != "") {
		return fmt.Errorf("%w: hub eval -cv K needs -data FILE.tsv and no -model", errUsage)
	}
	switch {
	case *cv != 0:
		if err := crossValidateURLs(*data, *cv, *seed, stdout); err != nil {
			return err
		}
	case *data != "":
		if err := evalURLs(*model, *data, stdout); err != nil {
			return err
		}
	}
	if *pages {
		return evalPages(ctx, *hubGlob, *topicGlob, *seed, stdout)
	}
	return nil
}

func evalURLs(model, data string, stdout io.Writer) error {
	cl, err := pipeline.LoadHubModel(model)
	if err != nil {
		return err
	}
	ex, err := readExamples(data)
	if err != nil {
		return err
	}
	start := time.Now()
	m := cl.Evaluate(ex)
	el := time.Since(start)
	fmt.Fprintf(stdout, "URL SVM on %s (%d URLs, %d support vectors): %v per 1,000 URLs\n", data, len(ex), cl.NumSV(), per1000(el, len(ex)))
	if cl.Anchor() != nil {
		anchored := 0
		for _, e := range ex {
			if e.Anchor != "" {
				anchored++
			}
		}
		fmt.Fprintf(stdout, "anchor layer applied to the %d URLs with anchor text\n", anchored)
	}
	return m.Report(stdout)
}

// crossValidateURLs prints the per-fold and pooled hub metrics of a
// host-grouped k-fold cross-validation on data.
func crossValidateURLs(data string, k int, seed int64, stdout io.Writer) error {
	ex, err := readExamples(data)
	if err != nil {
		return err
	}
	start := time.Now()
	opts := shippedTrainOptions
	opts.Probability = false // labels follow the decision value's sign
	pooled, folds, err := hub.CrossValidate(ex, opts, k, seed)
	if err != nil {
		return err
	}
	for i, m := range folds {
		fmt.Fprintf(stdout, "fold %d: %d URLs, hub P %.4f R %.4f F1 %.4f\n", i+1, m.N(), m.Precision(), m.Recall(), m.F1())
	}
	fmt.Fprintf(stdout, "host-grouped %d-fold CV on %s (%d URLs, seed %d, %.1fs): every URL predicted by a model that never saw its host\n",
		k, data, len(ex), seed, time.Since(start).Seconds())
	return pooled.Report(stdout)
}

// shippedTrainOptions are the options the shipped model was trained with:
// hub train's flag defaults, and what eval -cv cross-validates.
var shippedTrainOptions = hub.TrainOptions{C: 32, Gamma: 0.0625, Edit: true, EditMargin: 1, Probability: true}

// evalPages reads the pages, splits them by site in halves (train, test),
// trains both baselines on the train half and reports them on the test half.
func evalPages(ctx context.Context, hubGlob, topicGlob string, seed int64, stdout io.Writer) error {
	var all []hub.PageExample
	var parse time.Duration
	for _, g := range []struct {
		glob string
		hub  bool
	}{{hubGlob, true}, {topicGlob, false}} {
		files, err := filepath.Glob(g.glob)
		if err != nil {
			return fmt.Errorf("%w: bad glob %q: %v", errUsage, g.glob, err)
		}
		if len(files) == 0 {
			return fmt.Errorf("hub eval: no pages match %q", g.glob)
		}
		for _, f := range files {
			if err := ctx.Err(); err != nil {
				return err
			}
			start := time.Now()
			raw, err := os.ReadFile(f)
			if err != nil {
				return fmt.Errorf("hub eval: %w", err)
			}
			st, err := hub.ReadPageStats(raw, "text/html")
			if err != nil {
				return fmt.Errorf("hub eval: %s: %w", f, err)
			}
			parse += time.Since(start)
			all = append(all, hub.PageExample{Stats: st, Group: hub.PageGroup(f), Hub: g.hub})
		}
	}
	parts := hub.SplitPages(all, seed, 0.5, 0.5)
	train, test := parts[0], parts[1]
	perParse := per1000(parse, len(all))
	fmt.Fprintf(stdout, "pages: %d (train %d, test %d, split by site); read+decode+parse %v per 1,000 pages\n",
		len(all), len(train), len(test), perParse)
	rules, err := hub.TrainRules(train)
	if err != nil {
		return err
	}
	start := time.Now()
	m := rules.Evaluate(test)
	fmt.Fprintf(stdout, "heuristic rules (threshold %.2f): %v per 1,000 pages\n", rules.Threshold, perParse+per1000(time.Since(start), len(test)))
	if err := m.Report(stdout); err != nil {
		return err
	}
	csvm, err := hub.TrainContentSVM(train, seed)
	if err != nil {
		return err
	}
	start = time.Now()
	m = csvm.Evaluate(test)
	fmt.Fprintf(stdout, "content SVM (C=%g gamma=%g): %v per 1,000 pages\n", csvm.C, csvm.Gamma, perParse+per1000(time.Since(start), len(test)))
	return m.Report(stdout)
}

// per1000 returns the time per 1,000 items.
func per1000(d time.Duration, n int) time.Duration {
	if n == 0 {
		return 0
	}
	return d * 1000 / time.Duration(n)
}
