package extraction_test

import (
	"fmt"

	"github.com/crawl-project/crawl/extraction"
	"github.com/crawl-project/crawl/htmldecode"
)

func ExampleExtractPage() {
	doc, _ := htmldecode.Parse([]byte(`<html><body><h1>Books</h1><table>
<tr><td><a href="/dune">Dune</a></td><td>Herbert</td></tr>
<tr><td><a href="/emma">Emma</a></td><td>Austen</td></tr>
<tr><td><a href="/ubik">Ubik</a></td><td>Dick</td></tr>
</table></body></html>`), "text/html")
	recs, _ := extraction.ExtractPage(doc, extraction.Config{})
	for _, r := range recs {
		fmt.Print(r.Index)
		for _, f := range r.Fields {
			fmt.Printf(" %s=%s", f.Name, f.Value)
		}
		fmt.Println()
	}
	// Output:
	// 0 link=/dune title=Dune text=Herbert
	// 1 link=/emma title=Emma text=Austen
	// 2 link=/ubik title=Ubik text=Dick
}
