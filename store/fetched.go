package store

import (
	"context"
	"fmt"
	"strings"
)

// FetchedURLs calls fn with the URL of every stored page and of every
// failure whose kind is not in skipKinds (the refusals of links never
// fetched): what earlier runs dispatched, which the engine counts again
// per host on resume (crawler Config.MaxPagesPerHost).
func (s *Store) FetchedURLs(ctx context.Context, skipKinds []string, fn func(url string) error) error {
	q := "SELECT url FROM pages UNION ALL SELECT url FROM failures"
	args := make([]any, len(skipKinds))
	if len(skipKinds) > 0 {
		q += " WHERE kind NOT IN (?" + strings.Repeat(", ?", len(skipKinds)-1) + ")"
		for i, k := range skipKinds {
			args[i] = k
		}
	}
	rows, err := s.r.QueryContext(ctx, q, args...)
	if err != nil {
		return fmt.Errorf("store: fetched urls: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var u string
		if err := rows.Scan(&u); err != nil {
			return fmt.Errorf("store: fetched urls: %w", err)
		}
		if err := fn(u); err != nil {
			return err
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("store: fetched urls: %w", err)
	}
	return nil
}
