package cookiefile

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// ErrSyntax is wrapped by every error about the content of a cookie file.
var ErrSyntax = errors.New("cookiefile: bad cookie file")

// maxLine is the longest line Parse accepts (a cookie is at most 4 KiB in
// browsers; this leaves room for the other fields).
const maxLine = 64 << 10

// Cookie is one line of a cookie file.
type Cookie struct {
	Domain            string // without a leading dot
	IncludeSubdomains bool   // the second field: TRUE sends it to subdomains too
	Path              string
	Secure            bool      // only over https
	HTTPOnly          bool      // the line had the #HttpOnly_ prefix
	Expires           time.Time // zero: a session cookie (expiry field 0)
	Name, Value       string
}

// Parse reads a Netscape cookie file: lines of seven tab-separated fields
// (domain, include-subdomains TRUE/FALSE, path, secure TRUE/FALSE, expiry
// in Unix seconds or 0, name, value); blank lines and lines starting with
// '#' are comments, except the "#HttpOnly_" prefix curl writes before the
// domain of an HttpOnly cookie. A line that does not follow the format is
// an error naming its line number and what is wrong; no cookie is
// returned then.
func Parse(r io.Reader) ([]Cookie, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 4096), maxLine)
	var out []Cookie
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimRight(sc.Text(), "\r")
		c, ok, err := parseLine(line)
		if err != nil {
			return nil, fmt.Errorf("%w: line %d: %v", ErrSyntax, n, err)
		}
		if ok {
			out = append(out, c)
		}
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return nil, fmt.Errorf("%w: a line is longer than %d bytes", ErrSyntax, maxLine)
		}
		return nil, fmt.Errorf("cookiefile: read: %w", err)
	}
	return out, nil
}

func parseLine(line string) (Cookie, bool, error) {
	var c Cookie
	if rest, ok := strings.CutPrefix(line, "#HttpOnly_"); ok {
		line, c.HTTPOnly = rest, true
	} else if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
		return c, false, nil
	}
	f := strings.Split(line, "\t")
	if len(f) == 6 { // some exporters drop the tab before an empty value
		f = append(f, "")
	}
	if len(f) != 7 {
		return c, false, fmt.Errorf("%d tab-separated fields, want 7 (domain, subdomains, path, secure, expiry, name, value)", len(f))
	}
	var err error
	c.Domain = strings.ToLower(strings.TrimPrefix(f[0], "."))
	if c.Domain == "" || strings.ContainsAny(c.Domain, " /:;,") {
		return c, false, fmt.Errorf("domain %q is not a host name", f[0])
	}
	if c.IncludeSubdomains, err = flag(f[1], "include-subdomains"); err != nil {
		return c, false, err
	}
	if c.Path = f[2]; !strings.HasPrefix(c.Path, "/") {
		return c, false, fmt.Errorf("path %q does not start with /", f[2])
	}
	if c.Secure, err = flag(f[3], "secure"); err != nil {
		return c, false, err
	}
	exp, err := strconv.ParseInt(f[4], 10, 64)
	if err != nil || exp < 0 {
		return c, false, fmt.Errorf("expiry %q is not Unix seconds (or 0)", f[4])
	}
	if exp > 0 {
		c.Expires = time.Unix(exp, 0).UTC()
	}
	c.Name, c.Value = f[5], f[6]
	if c.Name == "" || !validToken(c.Name) {
		return c, false, fmt.Errorf("cookie name %q is not a token", c.Name)
	}
	if (&http.Cookie{Name: c.Name, Value: c.Value}).Valid() != nil {
		return c, false, fmt.Errorf("cookie %s: value %q has characters a cookie cannot carry", c.Name, c.Value)
	}
	return c, true, nil
}

func flag(s, what string) (bool, error) {
	switch strings.ToUpper(s) {
	case "TRUE":
		return true, nil
	case "FALSE":
		return false, nil
	}
	return false, fmt.Errorf("%s field %q, want TRUE or FALSE", what, s)
}

// validToken reports whether s is an RFC 7230 token (a cookie name).
func validToken(s string) bool {
	for i := 0; i < len(s); i++ {
		b := s[i]
		if b <= ' ' || b >= 0x7f || strings.IndexByte("()<>@,;:\\\"/[]?={}", b) >= 0 {
			return false
		}
	}
	return true
}
