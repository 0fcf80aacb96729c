package dashboard

import (
	"fmt"
	"maps"
	"net/url"
	"slices"
	"strconv"
)

// Paging limits.
const (
	DefaultSize = 50
	MaxSize     = 500
	maxPage     = 1_000_000
)

// Paging is a page of a long answer: Page from 1, Size rows.
type Paging struct {
	Page int
	Size int
}

// Offset is the number of rows before the page.
func (p Paging) Offset() int64 { return int64(p.Page-1) * int64(p.Size) }

// ParamError is a bad query parameter; the API answers it with 400.
type ParamError struct {
	Name, Value, Want string
}

func (e *ParamError) Error() string {
	return fmt.Sprintf("query parameter %s=%q: want %s", e.Name, e.Value, e.Want)
}

// query reads the query parameters of one request. Parameters it is not
// asked about are checked by done: an unknown one is an error, so a typo
// never silently changes nothing.
type query struct {
	v     url.Values
	known []string
}

func parseQuery(raw string) (*query, error) {
	v, err := url.ParseQuery(raw)
	if err != nil {
		return nil, &ParamError{Name: "query", Value: raw, Want: "a valid URL query"}
	}
	return &query{v: v, known: []string{"token"}}, nil
}

// one returns the single value of name ("" when absent).
func (q *query) one(name string) (string, bool, error) {
	q.known = append(q.known, name)
	vs, ok := q.v[name]
	switch {
	case !ok:
		return "", false, nil
	case len(vs) > 1:
		return "", false, &ParamError{Name: name, Value: vs[1], Want: "one value"}
	}
	return vs[0], true, nil
}

// int reads an integer in [lo, hi], def when absent.
func (q *query) int(name string, def, lo, hi int64) (int64, error) {
	s, ok, err := q.one(name)
	if err != nil || !ok {
		return def, err
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n < lo || n > hi {
		return 0, &ParamError{Name: name, Value: s, Want: fmt.Sprintf("an integer from %d to %d", lo, hi)}
	}
	return n, nil
}

// choice reads one of allowed, def when absent.
func (q *query) choice(name, def string, allowed ...string) (string, error) {
	s, ok, err := q.one(name)
	if err != nil || !ok {
		return def, err
	}
	if !slices.Contains(allowed, s) {
		return "", &ParamError{Name: name, Value: s, Want: fmt.Sprintf("one of %v", allowed)}
	}
	return s, nil
}

// paging reads page and size.
func (q *query) paging() (Paging, error) {
	page, err := q.int("page", 1, 1, maxPage)
	if err != nil {
		return Paging{}, err
	}
	size, err := q.int("size", DefaultSize, 1, MaxSize)
	if err != nil {
		return Paging{}, err
	}
	return Paging{Page: int(page), Size: int(size)}, nil
}

// done reports the first parameter nobody asked about.
func (q *query) done() error {
	for _, name := range slices.Sorted(maps.Keys(q.v)) {
		if !slices.Contains(q.known, name) {
			return &ParamError{Name: name, Value: q.v[name][0], Want: "no such parameter"}
		}
	}
	return nil
}
