package extraction

import "testing"

// FuzzLooksDatePrice holds looksDate and looksPrice, whose first bytes
// skip the regular expressions (a leading number followed by what no
// date continues with, or not ending as an amount does), to the
// expressions themselves.
func FuzzLooksDatePrice(f *testing.F) {
	for _, s := range []string{"2024-01-05", "Jan 5, 2024", "5 Jan", "3 days ago", "yesterday", "Today",
		"$5", "€ 12,50", "12.00 EUR", "USD 3", "us$ 4", "uſd 5", "ſep 5", "SEP 5", "os.abort", "(", "", "1",
		"Tue", "december", "£3", "₹ 100", "¥", "9 kr",
		"3.11", "42", "0)", "12 USD", "7chf", "1st jan", "2ND Feb", "10ſt jan", "2024/1/5", "5\tdays ago"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, v string) {
		if got, want := looksDate(v), len(v) <= 40 && dateRE.MatchString(v); got != want {
			t.Errorf("looksDate(%q) = %v, dateRE says %v", v, got, want)
		}
		if got, want := looksPrice(v), len(v) <= 30 && priceRE.MatchString(v); got != want {
			t.Errorf("looksPrice(%q) = %v, priceRE says %v", v, got, want)
		}
	})
}
