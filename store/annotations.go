package store

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
)

// encodeAnnotations encodes a page's annotations as a JSON object (keys
// sorted by encoding/json); "" when there are none.
func encodeAnnotations(a map[string]string) (string, error) {
	if len(a) == 0 {
		return "", nil
	}
	if _, ok := a[""]; ok {
		return "", errors.New("an annotation has an empty name")
	}
	b, err := json.Marshal(a)
	if err != nil {
		return "", fmt.Errorf("annotations: %w", err)
	}
	return string(b), nil
}

func decodeAnnotations(s string) (map[string]string, error) {
	if s == "" {
		return nil, nil
	}
	var a map[string]string
	if err := json.Unmarshal([]byte(s), &a); err != nil {
		return nil, fmt.Errorf("annotations: %w", err)
	}
	return a, nil
}

// AnnotationNames returns the names of the annotations stored on any page,
// sorted: the extra columns of the pages export.
func (s *Store) AnnotationNames(ctx context.Context) ([]string, error) {
	rows, err := s.r.QueryContext(ctx, `SELECT DISTINCT j.key FROM pages p, json_each(p.annotations) j
		WHERE p.annotations <> '' ORDER BY j.key`)
	if err != nil {
		return nil, fmt.Errorf("store: annotation names: %w", err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			return nil, fmt.Errorf("store: annotation names: %w", err)
		}
		out = append(out, n)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: annotation names: %w", err)
	}
	return out, nil
}
