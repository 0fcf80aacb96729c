package crawl

import (
	"encoding/json"
	"fmt"
	"strconv"
)

// Annotate sets the page's annotation name to v: the general slot through
// which a hook persists its own per-page result the way the built-ins
// persist theirs. The store keeps Annotations with the page (set in OnPage:
// when the page is stored; in OnBatch: with the batch), the pages export
// shows one column per annotation name (sorted, after the fixed columns),
// and the dashboard's page view lists them.
//
// Values are kept as text: a string as it is, a bool, integer or float in
// Go's shortest form (strconv), an error by its Error, a fmt.Stringer by its String, anything else
// as JSON (as fmt's %v when it cannot be encoded). Setting a name again
// replaces its value. Names should be short column-like words
// ("wordcount", "lang"); a name must not be empty (the store refuses it).
//
// The built-ins' results keep their own typed fields (Label, Score,
// Relevance, Relevant, Cluster, Topic) and columns.
func (p *Page) Annotate(name string, v any) {
	if p.Annotations == nil {
		p.Annotations = map[string]string{}
	}
	p.Annotations[name] = annotationText(v)
}

// Annotation returns the page's annotation name and whether it is set.
func (p *Page) Annotation(name string) (string, bool) {
	v, ok := p.Annotations[name]
	return v, ok
}

func annotationText(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case bool:
		return strconv.FormatBool(x)
	case int:
		return strconv.Itoa(x)
	case int64:
		return strconv.FormatInt(x, 10)
	case int32:
		return strconv.FormatInt(int64(x), 10)
	case uint:
		return strconv.FormatUint(uint64(x), 10)
	case uint64:
		return strconv.FormatUint(x, 10)
	case uint32:
		return strconv.FormatUint(uint64(x), 10)
	case float64:
		return strconv.FormatFloat(x, 'g', -1, 64)
	case float32:
		return strconv.FormatFloat(float64(x), 'g', -1, 32)
	case error:
		return x.Error()
	case fmt.Stringer:
		return x.String()
	}
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}

// Keep holds v with the page under key until the page's batch ran: what a
// hook computes from the page's DOM in OnPage (in the fetch workers, while
// the DOM is there) for its own OnBatch to use, so that the engine can let
// the DOM go (hooks.Needs). Nothing kept is stored or exported; keep small
// results, keyed by a value of an unexported type of the hook's package
// (as context.WithValue keys are), so hooks never collide. The OnPage
// hooks of one page run one after the other, so Keep needs no lock there.
func (p *Page) Keep(key, v any) {
	if p.kept == nil {
		p.kept = map[any]any{}
	}
	p.kept[key] = v
}

// Kept returns what Keep holds under key, or nil.
func (p *Page) Kept(key any) any { return p.kept[key] }
