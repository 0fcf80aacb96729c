package demosite_test

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"

	"github.com/crawl-project/crawl/internal/demosite"
)

// The site's handlers can run on httptest servers: tell the site where
// each host lives with SetBase, then start the servers.
func ExampleSite_SetBase() {
	site, err := demosite.New(demosite.Config{})
	if err != nil {
		panic(err)
	}
	for i := range len(site.Hosts()) {
		ts := httptest.NewUnstartedServer(site.Handler(i))
		if err := site.SetBase(i, "http://"+ts.Listener.Addr().String()); err != nil {
			panic(err)
		}
		ts.Start()
		defer ts.Close()
	}
	seed := site.SportSeeds(1)[0]
	resp, err := http.Get(seed)
	if err != nil {
		panic(err)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	truth, _ := site.Truth(seed)
	fmt.Println(resp.StatusCode, truth.Kind, truth.Topic)
	// Output: 200 article sport
}
