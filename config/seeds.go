package config

import (
	"bufio"
	"fmt"
	"io"
	"net/url"
	"os"
	"strings"
)

// ReadSeeds reads seed URLs, one a line: blank lines and lines whose
// first non-space character is # are skipped; every other line must be an
// absolute http(s) URL, else the error names name and the line number.
func ReadSeeds(r io.Reader, name string) ([]string, error) {
	var out []string
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if u, err := url.Parse(line); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return nil, fmt.Errorf("config: seeds file %s:%d: %q is not an absolute http(s) URL", name, n, line)
		}
		out = append(out, line)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("config: seeds file %s: %w", name, err)
	}
	return out, nil
}

// loadSeedsFile appends the seeds of c.SeedsFile to c.Seeds.
func (c *Config) loadSeedsFile() error {
	if c.SeedsFile == "" {
		return nil
	}
	f, err := os.Open(c.SeedsFile)
	if err != nil {
		return fmt.Errorf("config: seeds_file: %w", err)
	}
	defer f.Close()
	seeds, err := ReadSeeds(f, c.SeedsFile)
	if err != nil {
		return err
	}
	if len(seeds) == 0 && len(c.Seeds) == 0 && !c.Demo {
		return fmt.Errorf("config: seeds_file %s: no seed URL in it", c.SeedsFile)
	}
	c.Seeds = append(c.Seeds, seeds...)
	return nil
}
