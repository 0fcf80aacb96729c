package topic

import (
	"math/rand/v2"
	"net/url"
	"testing"
)

// TestValley: the pages seen are a background around 0.05 and a topic
// around 0.30 (a tenth of them); the seeds' leave-one-out cosines lie
// around 0.40, above most of the topic's pages (alike seeds). The valley
// lies between the two groups, and the threshold (the mean of the seeds'
// median and the valley) below the seeds' median, so that more of the
// topic's pages count. With the topic's pages absent (a site all
// background) the valley stays above the background.
func TestValley(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	var seen, topic []float64
	for range 900 {
		seen = append(seen, max(0.05+0.02*r.NormFloat64(), 0))
	}
	for range 100 {
		x := 0.30 + 0.05*r.NormFloat64()
		seen, topic = append(seen, x), append(topic, x)
	}
	var loo []float64
	for range 10 {
		loo = append(loo, 0.40+0.05*r.NormFloat64())
	}
	v := valley(loo, seen)
	if v < 0.10 || v > 0.25 {
		t.Errorf("valley %.3f, want between the background (0.05) and the topic (0.30)", v)
	}
	th, med := calibrated(loo, seen), median(loo)
	if th >= med {
		t.Errorf("threshold %.3f not below the seeds' median %.3f", th, med)
	}
	above := 0
	for _, x := range topic {
		if x >= th {
			above++
		}
	}
	if above < 60 {
		t.Errorf("%d of 100 topic pages reach the threshold %.3f, want ≥ 60", above, th)
	}
	if v := valley(loo, seen[:900]); v < 0.08 {
		t.Errorf("background only: valley %.3f, want above the background", v)
	}
	if got := calibrated(loo, nil); got != med {
		t.Errorf("no page seen: threshold %.3f, want the seeds' median %.3f", got, med)
	}
}

// TestURLPattern names the shapes of real URLs (WebKB home pages, course
// pages, a Sphinx chapter).
func TestURLPattern(t *testing.T) {
	for _, tt := range []struct{ url, want string }{
		{"http://www.cs.wisc.edu/~mellen/mellen.html", "www.cs.wisc.edu/~/1:own"},
		{"http://www.cs.utexas.edu/users/bogo/", "www.cs.utexas.edu/users/2:dir"},
		{"http://www.cs.cornell.edu/Info/People/gbd/gbd.html", "www.cs.cornell.edu/info/3:own"},
		{"http://www.cs.cornell.edu/Info/People/snowman/index.html", "www.cs.cornell.edu/info/3:index"},
		{"http://www.cs.washington.edu/education/courses/590D/autumn96.html", "www.cs.washington.edu/education/3:file"},
		{"http://docs.test/library/asyncio.html", "docs.test/library/1:file"},
		{"http://docs.test/", "docs.test/-/0:dir"},
		{"http://h/2005/01/x.html", "h/#/2:file"},
	} {
		u, err := url.Parse(tt.url)
		if err != nil {
			t.Fatal(err)
		}
		if got := urlPattern(u); got != tt.want {
			t.Errorf("urlPattern(%s) = %q, want %q", tt.url, got, tt.want)
		}
	}
	if urlPattern(nil) != "" {
		t.Error("urlPattern(nil) is not empty")
	}
}
