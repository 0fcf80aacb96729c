//go:build unix

// Command pagecost measures what record extraction costs per page on a
// folder of real pages (the Python or PostgreSQL documentation, say):
// each page is parsed, then extracted as the crawl's batch hook does
// (ClusterExtractor, page on its own), and the process CPU time and
// allocations of the extraction alone are summed. It prints pages, pages
// with records, records, CPU ms per page for parsing and for extraction,
// bytes and allocations per page, the widest page's columns and the
// slowest pages. -cluster extracts every page as one template cluster
// (what the crawl does on a documentation site of one template); -dump
// FILE writes every record (page, index, fields as JSON), one a line, so
// that two versions of the extraction can be compared record for record;
// -cpuprofile FILE writes a CPU profile of the run (go tool pprof);
// -onpage extracts as the crawl's built-in does (ClusterExtractor.Prepare,
// then Finish: each page analysed on its own, named along its cluster),
// Prepare running in the caller's goroutine, so that callgrind can count
// its instructions alone (--toggle-collect on Prepare).
//
//	go run ./extraction/cmd/pagecost /usr/share/doc/python3.11/html
package main

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/extraction"
	"github.com/crawl-project/crawl/htmldecode"
)

func main() {
	top := flag.Int("top", 5, "slowest pages to list")
	cluster := flag.Bool("cluster", false, "extract every page as one template cluster (pages in name order)")
	dump := flag.String("dump", "", "write every record to this file, one a line")
	cpuProfile := flag.String("cpuprofile", "", "write a CPU profile of the extraction (parsing included) to this file")
	onPage := flag.Bool("onpage", false, "extract as the crawl does: Prepare (in this goroutine), then Finish")
	flag.Parse()
	if flag.NArg() == 0 {
		fmt.Fprintln(os.Stderr, "usage: pagecost [-top N] DIR...")
		os.Exit(2)
	}
	if *cpuProfile != "" {
		stop, err := profile(*cpuProfile)
		if err != nil {
			fmt.Fprintln(os.Stderr, "pagecost:", err)
			os.Exit(1)
		}
		defer stop()
	}
	if err := run(flag.Args(), *top, *cluster, *onPage, *dump); err != nil {
		fmt.Fprintln(os.Stderr, "pagecost:", err)
		os.Exit(1)
	}
}

type cost struct {
	path string
	cpu  time.Duration
}

func run(dirs []string, top int, cluster, onPage bool, dump string) error {
	var files []string
	for _, d := range dirs {
		err := filepath.WalkDir(d, func(p string, e fs.DirEntry, err error) error {
			if err == nil && !e.IsDir() && strings.HasSuffix(p, ".html") {
				files = append(files, p)
			}
			return err
		})
		if err != nil {
			return err
		}
	}
	slices.Sort(files)
	var out *bufio.Writer
	if dump != "" {
		f, err := os.Create(dump)
		if err != nil {
			return err
		}
		defer f.Close()
		out = bufio.NewWriter(f)
		defer out.Flush()
	}
	id := int64(0)
	if cluster {
		id = 1
	}
	ce := extraction.NewClusterExtractor(extraction.Config{})
	var parseCPU, extractCPU time.Duration
	var bytes, allocs uint64
	var costs []cost
	pages, lists, records, widest, failed := 0, 0, 0, 0, 0
	var ms0, ms1 runtime.MemStats
	for _, f := range files {
		raw, err := os.ReadFile(f)
		if err != nil {
			return err
		}
		t0 := cpu()
		doc, err := htmldecode.Parse(raw, "text/html")
		parseCPU += cpu() - t0
		if err != nil {
			failed++
			continue
		}
		runtime.ReadMemStats(&ms0)
		t1 := cpu()
		var recs []crawl.Record
		u := "http://127.0.0.1/" + filepath.ToSlash(f)
		if onPage {
			recs, err = ce.Finish(id, u, ce.Prepare(context.Background(), u, doc))
		} else {
			recs, err = ce.Extract(id, u, doc)
		}
		d := cpu() - t1
		runtime.ReadMemStats(&ms1)
		extractCPU += d
		bytes += ms1.TotalAlloc - ms0.TotalAlloc
		allocs += ms1.Mallocs - ms0.Mallocs
		pages++
		if err != nil {
			failed++
			continue
		}
		costs = append(costs, cost{f, d})
		if out != nil {
			for _, r := range recs {
				b, err := json.Marshal(r.Fields)
				if err != nil {
					return err
				}
				fmt.Fprintf(out, "%s\t%d\t%s\n", f, r.Index, b)
			}
		}
		if len(recs) > 0 {
			lists++
			records += len(recs)
			names := map[string]bool{}
			for _, r := range recs {
				for _, fl := range r.Fields {
					names[fl.Name] = true
				}
			}
			widest = max(widest, len(names))
		}
	}
	if pages == 0 {
		return fmt.Errorf("no .html pages under %v", dirs)
	}
	n := float64(pages)
	fmt.Printf("pages %d (failed %d), with records %d, records %d, widest page %d columns\n", pages, failed, lists, records, widest)
	fmt.Printf("CPU per page: parse %.2f ms, extraction %.2f ms; extraction allocates %.1f KB in %.0f allocations per page\n",
		ms(parseCPU)/n, ms(extractCPU)/n, float64(bytes)/n/1024, float64(allocs)/n)
	slices.SortFunc(costs, func(a, b cost) int { return int(b.cpu - a.cpu) })
	for _, c := range costs[:min(top, len(costs))] {
		fmt.Printf("  %7.1f ms  %s\n", ms(c.cpu), c.path)
	}
	return nil
}

// cpu is the CPU time of the process so far (all threads: the garbage
// collector's work for the extraction is counted too).
func cpu() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// profile starts a CPU profile written to path; stop ends it.
func profile(path string) (stop func(), err error) {
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return nil, err
	}
	return func() { pprof.StopCPUProfile(); f.Close() }, nil
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
