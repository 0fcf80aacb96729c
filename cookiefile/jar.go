package cookiefile

import (
	"fmt"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"time"

	"golang.org/x/net/publicsuffix"
)

// Jar returns a cookie jar (with the public suffix list, so no cookie can
// be set for a whole suffix such as co.uk) holding cookies, each sent only
// to its domain — and its subdomains when IncludeSubdomains — under its
// path, and only over https when Secure. Cookies expired at now are left
// out. The jar also keeps the cookies sites set during the crawl.
func Jar(cookies []Cookie, now time.Time) (*cookiejar.Jar, error) {
	jar, err := cookiejar.New(&cookiejar.Options{PublicSuffixList: publicsuffix.List})
	if err != nil {
		return nil, fmt.Errorf("cookiefile: %w", err)
	}
	for _, c := range cookies {
		if !c.Expires.IsZero() && !c.Expires.After(now) {
			continue
		}
		scheme := "http"
		if c.Secure {
			scheme = "https"
		}
		u := &url.URL{Scheme: scheme, Host: c.Domain, Path: c.Path}
		hc := &http.Cookie{Name: c.Name, Value: c.Value, Path: c.Path, Secure: c.Secure, HttpOnly: c.HTTPOnly, Expires: c.Expires}
		if ps, _ := publicsuffix.PublicSuffix(c.Domain); c.IncludeSubdomains && ps == c.Domain {
			return nil, fmt.Errorf("cookiefile: cookie %s: %s is a public suffix; no cookie may cover all of its subdomains", c.Name, c.Domain)
		}
		if c.IncludeSubdomains {
			hc.Domain = c.Domain // a Domain attribute: the domain and its subdomains
		} // none: a host-only cookie
		jar.SetCookies(u, []*http.Cookie{hc})
		if !holds(jar.Cookies(u), hc) {
			return nil, fmt.Errorf("cookiefile: cookie %s for %s refused by the cookie jar (a public suffix, or an IP with include-subdomains)", c.Name, c.Domain)
		}
	}
	return jar, nil
}

func holds(have []*http.Cookie, c *http.Cookie) bool {
	for _, h := range have {
		if h.Name == c.Name && h.Value == c.Value {
			return true
		}
	}
	return false
}
