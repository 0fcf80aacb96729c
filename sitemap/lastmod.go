package sitemap

import (
	"fmt"
	"time"
)

// w3cLayouts are the W3C Datetime forms (https://www.w3.org/TR/NOTE-datetime)
// the protocol allows, most precise first.
var w3cLayouts = []string{
	"2006-01-02T15:04:05.999999999Z07:00",
	"2006-01-02T15:04:05Z07:00",
	"2006-01-02T15:04Z07:00",
	"2006-01-02",
	"2006-01",
	"2006",
}

// ParseLastMod parses a <lastmod> value in W3C Datetime: YYYY, YYYY-MM,
// YYYY-MM-DD, or a date and time to minutes, seconds or fractions with a
// time zone (Z or ±hh:mm). Dates without a time are midnight UTC.
func ParseLastMod(s string) (time.Time, error) {
	for _, l := range w3cLayouts {
		if len(s) < 4 {
			break
		}
		if t, err := time.Parse(l, s); err == nil {
			return t, nil
		}
	}
	return time.Time{}, fmt.Errorf("sitemap: lastmod %q is not a W3C datetime", s)
}
