package sitebench

import (
	"bufio"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
)

// Figures are what the built-ins made of a site, read from a crawl's
// export files.
type Figures struct {
	Pages        int // rows of pages.csv
	Tables       int // records files (records.csv and one per cluster)
	WidestTable  int // columns of the widest records file
	Records      int // rows of records.csv
	Topics       int // fuzzy topics of two pages or more
	LargestTopic int // pages in the largest fuzzy topic
	HubPages     int // pages labelled hub

	HubTruth          int // true hubs among the crawled pages (when a list was given)
	HubP, HubR, HubF1 float64
	HubUnlabelled     int // crawled pages a TSV of labels does not list: left out of P, R and F1
}

// LargestTopicShare is the largest fuzzy topic's share of all pages.
func (f Figures) LargestTopicShare() float64 { return share(f.LargestTopic, f.Pages) }

// HubShare is the share of pages labelled hub.
func (f Figures) HubShare() float64 { return share(f.HubPages, f.Pages) }

func share(n, of int) float64 {
	if of == 0 {
		return 0
	}
	return float64(n) / float64(of)
}

var fetchedLine = regexp.MustCompile(`pages fetched\s+(\d+) this run`)

// pagesFetched reads the page count from a crawl's summary.
func pagesFetched(summary string) (int, error) {
	m := fetchedLine.FindStringSubmatch(summary)
	if m == nil {
		return 0, fmt.Errorf("no %q line in the summary", "pages fetched")
	}
	return strconv.Atoi(m[1])
}

// readFigures reads the export files of one crawl in dir.
func readFigures(dir, summary string, hubs *hubTruth) (Figures, error) {
	var f Figures
	var err error
	if f.Records, err = eachRow(filepath.Join(dir, "records.csv"), nil); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return f, err
	}
	files, _ := filepath.Glob(filepath.Join(dir, "records", "*.csv"))
	files = append(files, filepath.Join(dir, "records.csv"))
	for _, file := range files {
		cols, err := columns(file)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return f, err
		}
		f.Tables++
		f.WidestTable = max(f.WidestTable, cols)
	}
	sizes := map[string]int{}
	if _, err := eachRow(filepath.Join(dir, "topics.csv"), func(get func(string) string) {
		if t := get("topic"); t != "" && t != "0" {
			sizes[t]++
		}
	}); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return f, err
	}
	for _, n := range sizes {
		if n >= 2 {
			f.Topics++
		}
		f.LargestTopic = max(f.LargestTopic, n)
	}
	var tp, fp, fn int
	f.Pages, err = eachRow(filepath.Join(dir, "pages.csv"), func(get func(string) string) {
		hub := get("label") == "hub"
		if hub {
			f.HubPages++
		}
		if hubs == nil {
			return
		}
		truth, labelled := hubs.label(get("url"))
		switch {
		case !labelled:
			f.HubUnlabelled++
		case hub && truth:
			tp++
		case hub:
			fp++
		case truth:
			fn++
		}
	})
	if err != nil {
		return f, err
	}
	if hubs != nil {
		f.HubTruth = tp + fn
		f.HubP, f.HubR = share(tp, tp+fp), share(tp, tp+fn)
		if f.HubP+f.HubR > 0 {
			f.HubF1 = 2 * f.HubP * f.HubR / (f.HubP + f.HubR)
		}
	}
	return f, nil
}

// columns is the number of columns of a CSV file's header.
func columns(path string) (int, error) {
	file, err := os.Open(path)
	if err != nil {
		return 0, err
	}
	defer file.Close()
	r := csv.NewReader(bufio.NewReader(file))
	head, err := r.Read()
	if err == io.EOF {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("sitebench: %s: %w", path, err)
	}
	return len(head), nil
}

// eachRow calls fn for every data row of a CSV file (fn may be nil) with a
// getter by column name, and returns the number of rows.
func eachRow(path string, fn func(get func(col string) string)) (int, error) {
	file, err := os.Open(path)
	if err != nil {
		return 0, err
	}
	defer file.Close()
	r := csv.NewReader(bufio.NewReader(file))
	r.FieldsPerRecord = -1
	r.ReuseRecord = true
	head, err := r.Read()
	if err == io.EOF {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("sitebench: %s: %w", path, err)
	}
	index := map[string]int{}
	for i, h := range head {
		index[h] = i
	}
	n := 0
	for {
		row, err := r.Read()
		if err == io.EOF {
			return n, nil
		}
		if err != nil {
			return n, fmt.Errorf("sitebench: %s: %w", path, err)
		}
		n++
		if fn != nil {
			fn(func(col string) string {
				if i, ok := index[col]; ok && i < len(row) {
					return row[i]
				}
				return ""
			})
		}
	}
}

// hubTruth is a site's true hub labels. A list of hub paths labels every
// page (a page it does not list is a topic); a TSV of path and label, as
// classifiers/hub/testdata/sitehubs keeps them, labels the pages it lists
// and no others: a crawled page outside it (Racket's labels cover the
// Guide and Reference, a crawl of the docs goes further) is unlabelled
// and left out of the hub figures, not counted as a topic.
type hubTruth struct {
	hub     map[string]bool // canonical URL: labelled hub (true) or topic (false)
	partial bool            // a TSV: pages it does not list are unlabelled
}

// label is the true label of the page at u: hub, and whether the page is
// labelled at all.
func (h *hubTruth) label(u string) (hub, labelled bool) {
	hub, listed := h.hub[canonical(u)]
	return hub, listed || !h.partial
}

// readHubs reads the true hub pages: one path under the site a line, or a
// TSV with a header whose first two columns are path and label (hub or
// topic; any other label is an error naming its line).
func readHubs(path, base string) (*hubTruth, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("sitebench: hubs: %w", err)
	}
	h := &hubTruth{hub: map[string]bool{}}
	header := true
	for i, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		page, label, tsv := strings.Cut(line, "\t")
		if !tsv {
			h.hub[canonical(base+"/"+strings.TrimPrefix(line, "/"))] = true
			continue
		}
		h.partial = true
		label, _, _ = strings.Cut(label, "\t")
		if header && page == "path" {
			header = false
			continue
		}
		header = false
		if label != "hub" && label != "topic" {
			return nil, fmt.Errorf("sitebench: hubs: %s line %d: label %q, want hub or topic", path, i+1, label)
		}
		h.hub[canonical(base+"/"+strings.TrimPrefix(page, "/"))] = label == "hub"
	}
	return h, nil
}

// canonical makes a directory and its index.html one page, and a path
// escaped in a crawled address ("Unix%20Makefiles.html") the file name a
// label file writes as it is: the CMake docs' 33 pages with a space in
// their names were left out of the hub figures as unlabelled.
func canonical(u string) string {
	if raw, err := url.PathUnescape(u); err == nil {
		u = raw
	}
	return strings.TrimSuffix(u, "index.html")
}
