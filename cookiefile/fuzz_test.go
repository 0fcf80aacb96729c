package cookiefile_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/crawl-project/crawl/cookiefile"
)

// FuzzParse: Parse never panics; it returns cookies or an ErrSyntax error
// (never both); every cookie it returns is well formed and survives being
// written back and parsed again unchanged.
func FuzzParse(f *testing.F) {
	f.Add(sample)
	f.Add("a.test\tFALSE\t/\tFALSE\t0\tn\tv")
	f.Add("#HttpOnly_.x\tTRUE\t/p\tTRUE\t99\tn\t")
	f.Add("\xff\t\t\t\t\t\t")
	f.Fuzz(func(t *testing.T, in string) {
		cs, err := cookiefile.Parse(strings.NewReader(in))
		if err != nil {
			if cs != nil || !errors.Is(err, cookiefile.ErrSyntax) {
				t.Fatalf("Parse error %v with %d cookies", err, len(cs))
			}
			return
		}
		var b strings.Builder
		for _, c := range cs {
			if c.Domain == "" || c.Name == "" || !strings.HasPrefix(c.Path, "/") {
				t.Fatalf("malformed cookie %+v", c)
			}
			if c.HTTPOnly {
				b.WriteString("#HttpOnly_")
			}
			exp := int64(0)
			if !c.Expires.IsZero() {
				exp = c.Expires.Unix()
			}
			fmt.Fprintf(&b, "%s\t%s\t%s\t%s\t%d\t%s\t%s\n", c.Domain, tf(c.IncludeSubdomains), c.Path, tf(c.Secure), exp, c.Name, c.Value)
		}
		again, err := cookiefile.Parse(strings.NewReader(b.String()))
		if err != nil || fmt.Sprint(again) != fmt.Sprint(cs) {
			t.Fatalf("round trip: %+v, %v; want %+v", again, err, cs)
		}
	})
}

func tf(b bool) string {
	if b {
		return "TRUE"
	}
	return "FALSE"
}
