package topic_test

import (
	"strings"
	"testing"

	"github.com/crawl-project/crawl/classifiers/topic"
)

// TestExtractContentNoiseWrapperHoldingMain: a noise-worded element that
// wraps the page's main content (Read the Docs' theme, Qt's offline docs;
// both gave an empty content before) is kept, its own noise children are
// still dropped, and a noise element without a main mark is dropped.
func TestExtractContentNoiseWrapperHoldingMain(t *testing.T) {
	for _, tt := range []struct {
		name          string
		html          string
		want, notWant []string
	}{
		{
			name: "read the docs theme",
			html: `<html><body><div class="wy-grid-for-nav">
				<nav class="wy-nav-side"><a href="a.html">Admin guide</a> <a href="b.html">Networking</a></nav>
				<section class="wy-nav-content-wrap"><div class="wy-nav-content"><div class="rst-content">
				<div role="navigation" aria-label="Page navigation">Docs » IP Sysctl</div>
				<div role="main" class="document"><p>ip_forward - BOOLEAN. Forward packets between interfaces.</p></div>
				<footer>Copyright The kernel development community</footer>
				</div></div></section></div></body></html>`,
			want:    []string{"ip_forward", "Forward packets between interfaces"},
			notWant: []string{"Admin guide", "Networking", "Docs »", "Copyright"},
		},
		{
			name: "qt offline docs",
			html: `<html><body><div class="header" id="qtdocheader"><div class="main"><div class="main-rounded">
				<div class="navigationbar"><ul><li>Qt 5.15</li><li>Qt Network</li></ul></div>
				<div class="content"><div class="line"><div class="content mainContent">
				<div class="sidebar"><div class="toc"><h3>Contents</h3></div></div>
				<p>The QTcpSocket class provides a TCP socket.</p>
				</div></div></div></div></div></div></body></html>`,
			want:    []string{"QTcpSocket class provides a TCP socket"},
			notWant: []string{"Contents"},
		},
		{
			name: "layout words on body and html",
			html: `<html class="hidden-sidebar"><body class="has-nav-slim navbar-fixed"><div class="menu">Home News</div>
				<p>The council approved the budget.</p></body></html>`,
			want:    []string{"council approved the budget"},
			notWant: []string{"Home News"},
		},
		{
			name: "noise without a main mark",
			html: `<html><body><div class="site-header"><div class="maintenance">Site maintenance tonight</div></div>
				<div class="related"><div class="main-story-card">Other story</div></div>
				<div class="menu main">Main menu entries</div><div class="sidebar"><ul class="main"><li>Sidebar list</li></ul></div>
				<nav><main>menu in a nav tag</main></nav><p>Body text here.</p></body></html>`,
			want:    []string{"Body text here"},
			notWant: []string{"maintenance", "Other story", "menu in a nav tag", "Main menu", "Sidebar list"},
		},
	} {
		t.Run(tt.name, func(t *testing.T) {
			c := topic.ExtractContent(parse(t, tt.html))
			for _, w := range tt.want {
				if !strings.Contains(c.Text, w) {
					t.Errorf("content %q lacks %q", c.Text, w)
				}
			}
			for _, w := range tt.notWant {
				if strings.Contains(c.Text, w) {
					t.Errorf("content %q holds %q", c.Text, w)
				}
			}
		})
	}
}
