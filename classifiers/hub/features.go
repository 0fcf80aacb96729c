package hub

import (
	"math"
	"strings"
	"unicode/utf8"
)

// Feature indices (0-based positions in a Vector; LIBSVM index = position+1).
// The first ten are the paper's, in the paper's order; the rest are ours.
const (
	FAnchorLen  = iota // ① anchor-text length in runes; missing when the anchor is ""
	FURLLen            // ② URL length in bytes
	FDate              // ③ 1 when the URL holds a date (see hasDate), else 0
	FFileName          // ④ file-name class, as its learned frequency value (Tables)
	FFileType          // ⑤ file type (extension class), as its learned frequency value
	FParamName         // ⑥ parameter-name class, as its learned frequency value
	FParamCount        // ⑦ number of query parameters
	FDirDepth          // ⑧ directory depth: path segments before the file name
	FPageSize          // ⑨ log2(1+page size in bytes); missing unless the size is known
	FCrawlDepth        // ⑩ crawl depth (seeds 0); missing when unknown
	FLastSegLen        // ⑪ length of the last non-empty path segment, extension excluded
	FDigitShare        // ⑫ share of digits among the path's bytes (0..1)
	FSlugWords         // ⑬ words in the last segment, split at - _ + . and %20
	FDigitRun          // ⑭ longest run of digits in the path (article ids)
	FSlash             // ⑮ 1 when the path is empty or ends with '/', else 0
	NumFeatures
)

// featureNames name the features in features.json and the docs.
var featureNames = [NumFeatures]string{
	"anchor_len", "url_len", "date", "file_name_class", "file_type",
	"param_name", "param_count", "dir_depth", "page_size_log2", "crawl_depth",
	"last_segment_len", "digit_share", "slug_words", "digit_run", "trailing_slash",
}

// FeatureNames returns the names of the features in Vector order.
func FeatureNames() []string { return append([]string(nil), featureNames[:]...) }

// Vector is the raw (unscaled) feature vector of one URL. Missing values
// are NaN; they become the neutral scaled value 0 (see Classifier).
type Vector [NumFeatures]float64

// URLInfo is what the classifier knows about a URL before (or after)
// fetching it.
type URLInfo struct {
	URL    string
	Anchor string // anchor text; "" when unknown (feature ① missing)
	Depth  int    // crawl depth; negative when unknown (feature ⑩ missing)
	Size   int    // page size in bytes; 0 or negative when unknown (feature ⑨ missing)
}

// Extract computes the feature vector of u with the text-value tables t.
// It never panics and does not allocate.
func Extract(u URLInfo, t *Tables) Vector {
	var v Vector
	p := splitURL(u.URL)
	if u.Anchor == "" {
		v[FAnchorLen] = math.NaN()
	} else {
		v[FAnchorLen] = float64(utf8.RuneCountInString(u.Anchor))
	}
	v[FURLLen] = float64(len(u.URL))
	if (p.digits > 0 && hasDate(p.path)) || hasDate(p.query) {
		v[FDate] = 1
	}
	v[FFileName] = t.FileName[fileNameClass(p.file)]
	v[FFileType] = t.FileType[fileTypeClass(p.ext)]
	v[FParamName] = t.ParamName[paramClass(p.query)]
	v[FParamCount] = float64(paramCount(p.query))
	v[FDirDepth] = float64(p.depth)
	v[FPageSize] = math.NaN()
	if u.Size > 0 {
		v[FPageSize] = math.Log2(1 + float64(u.Size))
	}
	v[FCrawlDepth] = math.NaN()
	if u.Depth >= 0 {
		v[FCrawlDepth] = float64(u.Depth)
	}
	last := p.last
	if p.ext != "" && len(last) > len(p.ext) {
		last = last[:len(last)-len(p.ext)-1]
	}
	v[FLastSegLen] = float64(len(last))
	v[FSlugWords] = float64(slugWords(last))
	if len(p.path) > 0 {
		v[FDigitShare] = float64(p.digits) / float64(len(p.path))
	}
	v[FDigitRun] = float64(p.digitRun)
	if p.path == "" || p.path[len(p.path)-1] == '/' {
		v[FSlash] = 1
	}
	return v
}

// urlParts are the pieces of a URL the features look at; all are
// substrings of the URL.
type urlParts struct {
	path     string // from the first '/' after the host up to '?' or '#' ("" when none)
	query    string // after '?' up to '#'
	file     string // last path segment when the path does not end in '/'
	last     string // last non-empty path segment
	ext      string // extension of file (after its last '.'), "" when none
	depth    int    // directory segments before the file name
	digits   int    // digits in path
	digitRun int    // longest run of digits in path
}

// splitURL splits a URL without allocating, reading each byte of the path
// once. It accepts absolute URLs (scheme://host/path), scheme-relative
// (//host/path) and bare paths.
func splitURL(s string) urlParts {
	var p urlParts
	rest := s
	if i := schemeEnd(rest); i >= 0 {
		rest = rest[i+3:]
		rest = rest[hostEnd(rest):]
	} else if len(rest) >= 2 && rest[0] == '/' && rest[1] == '/' {
		rest = rest[2:]
		rest = rest[hostEnd(rest):]
	}
	segs, start, run, digits, longest := 0, 0, 0, 0, 0
	i := 0
	for ; i < len(rest); i++ {
		c := byteClass[rest[i]]
		d := int(c & classDigit) // 1 for a digit
		digits += d
		run = (run + 1) & -d
		longest = max(longest, run)
		if c&(classSlash|classPathEnd) == 0 {
			continue
		}
		if c&classPathEnd != 0 {
			break
		}
		if i > start {
			segs++
			p.last = rest[start:i]
		}
		start = i + 1
	}
	if i > start {
		segs++
		p.last = rest[start:i]
	}
	p.digits, p.digitRun = digits, longest
	if i < len(rest) && rest[i] == '?' {
		q := rest[i+1:]
		if j := strings.IndexByte(q, '#'); j >= 0 {
			q = q[:j]
		}
		p.query = q
	}
	p.path = rest[:i]
	if i > 0 && rest[i-1] != '/' {
		p.file = p.last
	}
	p.depth = segs
	if p.file != "" {
		p.depth--
		if i := strings.LastIndexByte(p.file, '.'); i >= 0 && i < len(p.file)-1 {
			p.ext = p.file[i+1:]
		}
	}
	return p
}

// Byte classes for the scanners (byteClass).
const (
	classDigit    = 1 << iota // 0-9; must be bit 0 (splitURL adds it)
	classSlash                // '/'
	classPathEnd              // '?' '#': the path ends
	classSlugSep              // - _ + . , (slugWords)
	classPercent              // '%'
	classScheme               // letters, digits, + - . (schemeEnd)
	classNameWord             // first letters of the file-name words (fileNameClass)
)

var byteClass = func() (t [256]uint8) {
	for c := range t {
		b := byte(c)
		if isDigit(b) {
			t[c] |= classDigit
		}
		if isAlnum(b) || b == '+' || b == '-' || b == '.' {
			t[c] |= classScheme
		}
		switch lower(b) {
		case 'c', 'i', 'd', 'l', 'a':
			t[c] |= classNameWord
		}
	}
	t['/'] |= classSlash
	t['?'] |= classPathEnd
	t['#'] |= classPathEnd
	for _, b := range []byte("-_+.,") {
		t[b] |= classSlugSep
	}
	t['%'] |= classPercent
	return t
}()

func hostEnd(s string) int {
	for i := 0; i < len(s); i++ {
		if byteClass[s[i]]&(classSlash|classPathEnd) != 0 {
			return i
		}
	}
	return len(s)
}

func paramCount(q string) int {
	if q == "" {
		return 0
	}
	n := 0
	start := 0
	for i := 0; i <= len(q); i++ {
		if i == len(q) || q[i] == '&' || q[i] == ';' {
			if i > start {
				n++
			}
			start = i + 1
		}
	}
	return n
}

// slugWords counts the words of s, split at - _ + . , and %20.
func slugWords(s string) int {
	n, in := 0, 0 // in: 1 inside a word
	for i := 0; i < len(s); i++ {
		c := byteClass[s[i]]
		if c&classPercent != 0 && i+2 < len(s) && s[i+1] == '2' && s[i+2] == '0' {
			in = 0
			i += 2
			continue
		}
		w := 1 - int(c&classSlugSep)/classSlugSep // 1 for a word byte
		n += w &^ in
		in = w
	}
	return n
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// lower maps ASCII upper case to lower case, other bytes to themselves.
func lower(c byte) byte { return lowerTable[c] }

var lowerTable = func() (t [256]byte) {
	for c := range t {
		t[c] = byte(c)
		if c >= 'A' && c <= 'Z' {
			t[c] += 'a' - 'A'
		}
	}
	return t
}()

// schemeEnd returns the index of "://" after a URL scheme (letters,
// digits, + - .) at the start of s, or -1.
func schemeEnd(s string) int {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ':':
			if i > 0 && len(s) >= i+3 && s[i+1] == '/' && s[i+2] == '/' {
				return i
			}
			return -1
		case byteClass[c]&classScheme != 0:
		default:
			return -1
		}
	}
	return -1
}

// containsFold reports whether s contains the lower-case ASCII word w,
// ignoring ASCII case.
func containsFold(s, w string) bool {
	for i := 0; i+len(w) <= len(s); i++ {
		j := 0
		for j < len(w) && lower(s[i+j]) == w[j] {
			j++
		}
		if j == len(w) {
			return true
		}
	}
	return false
}
