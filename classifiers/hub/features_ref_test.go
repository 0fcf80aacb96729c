package hub

// The feature extractor as it was before the one-pass rewrite (commit
// 26d9f55), kept verbatim but for the ref prefix as the reference the
// fast extractor must agree with bit for bit (TestExtractMatchesReference,
// FuzzExtractMatchesReference).

import (
	"math"
	"unicode/utf8"
)

// refExtract computes the feature vector of u with the text-value tables t.
// It never panics and does not allocate.
func refExtract(u URLInfo, t *Tables) Vector {
	var v Vector
	p := refSplitURL(u.URL)
	if u.Anchor == "" {
		v[FAnchorLen] = math.NaN()
	} else {
		v[FAnchorLen] = float64(utf8.RuneCountInString(u.Anchor))
	}
	v[FURLLen] = float64(len(u.URL))
	if refHasDate(p.path) || refHasDate(p.query) {
		v[FDate] = 1
	}
	v[FFileName] = t.FileName[refFileNameClass(p.file)]
	v[FFileType] = t.FileType[refFileTypeClass(p.ext)]
	v[FParamName] = t.ParamName[refParamClass(p.query)]
	v[FParamCount] = float64(refParamCount(p.query))
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
	v[FSlugWords] = float64(refSlugWords(last))
	digits, run := refDigitStats(p.path)
	if len(p.path) > 0 {
		v[FDigitShare] = float64(digits) / float64(len(p.path))
	}
	v[FDigitRun] = float64(run)
	if p.path == "" || p.path[len(p.path)-1] == '/' {
		v[FSlash] = 1
	}
	return v
}

// refUrlParts are the pieces of a URL the features look at; all are
// substrings of the URL.
type refUrlParts struct {
	path  string // from the first '/' after the host up to '?' or '#' ("" when none)
	query string // after '?' up to '#'
	file  string // last path segment when the path does not end in '/'
	last  string // last non-empty path segment
	ext   string // extension of file (after its last '.'), "" when none
	depth int    // directory segments before the file name
}

// refSplitURL splits a URL without allocating. It accepts absolute URLs
// (scheme://host/path), scheme-relative (//host/path) and bare paths.
func refSplitURL(s string) refUrlParts {
	var p refUrlParts
	rest := s
	if i := refSchemeEnd(rest); i >= 0 {
		rest = rest[i+3:]
		rest = rest[refHostEnd(rest):]
	} else if len(rest) >= 2 && rest[0] == '/' && rest[1] == '/' {
		rest = rest[2:]
		rest = rest[refHostEnd(rest):]
	}
	if i := refIndexByte(rest, '#'); i >= 0 {
		rest = rest[:i]
	}
	if i := refIndexByte(rest, '?'); i >= 0 {
		p.query = rest[i+1:]
		rest = rest[:i]
	}
	p.path = rest
	segs := 0
	start := 0
	for i := 0; i <= len(rest); i++ {
		if i == len(rest) || rest[i] == '/' {
			if seg := rest[start:i]; seg != "" {
				segs++
				p.last = seg
			}
			start = i + 1
		}
	}
	if rest != "" && rest[len(rest)-1] != '/' {
		p.file = p.last
	}
	p.depth = segs
	if p.file != "" {
		p.depth--
		if i := refLastIndexByte(p.file, '.'); i >= 0 && i < len(p.file)-1 {
			p.ext = p.file[i+1:]
		}
	}
	return p
}

func refHostEnd(s string) int {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '/', '?', '#':
			return i
		}
	}
	return len(s)
}

func refParamCount(q string) int {
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

func refSlugWords(s string) int {
	n, in := 0, false
	for i := 0; i < len(s); i++ {
		c := s[i]
		sep := c == '-' || c == '_' || c == '+' || c == '.' || c == ','
		if c == '%' && i+2 < len(s) && s[i+1] == '2' && s[i+2] == '0' {
			sep = true
			i += 2
		}
		if sep {
			in = false
		} else if !in {
			in = true
			n++
		}
	}
	return n
}

func refDigitStats(s string) (digits, longest int) {
	run := 0
	for i := 0; i < len(s); i++ {
		if refIsDigit(s[i]) {
			digits++
			run++
			longest = max(longest, run)
		} else {
			run = 0
		}
	}
	return digits, longest
}

func refIsDigit(c byte) bool { return c >= '0' && c <= '9' }

func refLower(c byte) byte {
	if c >= 'A' && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

func refIndexByte(s string, c byte) int {
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			return i
		}
	}
	return -1
}

func refLastIndexByte(s string, c byte) int {
	for i := len(s) - 1; i >= 0; i-- {
		if s[i] == c {
			return i
		}
	}
	return -1
}

// refSchemeEnd returns the index of "://" after a URL scheme (letters,
// digits, + - .) at the start of s, or -1.
func refSchemeEnd(s string) int {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ':':
			if i > 0 && len(s) >= i+3 && s[i+1] == '/' && s[i+2] == '/' {
				return i
			}
			return -1
		case refIsAlnum(c) || c == '+' || c == '-' || c == '.':
		default:
			return -1
		}
	}
	return -1
}

// refContainsFold reports whether s contains the lower-case ASCII word w,
// ignoring ASCII case.
func refContainsFold(s, w string) bool {
	for i := 0; i+len(w) <= len(s); i++ {
		j := 0
		for j < len(w) && refLower(s[i+j]) == w[j] {
			j++
		}
		if j == len(w) {
			return true
		}
	}
	return false
}

// refHasDate reports whether s (a URL path or query) holds a date in one of
// the forms news sites use:
//
//	/2014/03/05/  /2014/3/5/  2014-03-05  2014_03_05  2014.03.05   year, month[, day]
//	/2014/03/                                                        year and month
//	/2014/mar/05/  2014-march-05                                     month by name
//	20140305                                                         eight digits, YYYYMMDD
//	/14/03/05/                                                       two-digit year: day required
//
// Years are 1990–2039. A lone year (/2014/) is not a date: archives and
// ids use it too.
func refHasDate(s string) bool {
	for i := 0; i < len(s); {
		if !refIsDigit(s[i]) {
			i++
			continue
		}
		j := i
		for j < len(s) && refIsDigit(s[j]) {
			j++
		}
		if (i == 0 || !refIsAlnum(s[i-1])) && refDateAt(s, i, j) {
			return true
		}
		i = j
	}
	return false
}

// refDateAt checks the digit run s[i:j] as the start of a date.
func refDateAt(s string, i, j int) bool {
	n := j - i
	switch {
	case n == 8:
		y, m, d := refAtoi(s[i:i+4]), refAtoi(s[i+4:i+6]), refAtoi(s[i+6:i+8])
		return refIsYear(y) && m >= 1 && m <= 12 && d >= 1 && d <= 31
	case n == 4 && refIsYear(refAtoi(s[i:j])):
		if j >= len(s) || !refIsDateSep(s[j]) {
			return false
		}
		if m, k := refNum(s, j+1, 2); k > 0 && m >= 1 && m <= 12 && !refDigitAt(s, j+1+k) {
			return true
		}
		return refMonthName(s[j+1:])
	case n == 2 && j < len(s) && s[j] == '/':
		m, k := refNum(s, j+1, 2)
		if k == 0 || m < 1 || m > 12 || j+1+k >= len(s) || s[j+1+k] != '/' {
			return false
		}
		d, k2 := refNum(s, j+2+k, 2)
		return k2 > 0 && d >= 1 && d <= 31 && !refDigitAt(s, j+2+k+k2)
	}
	return false
}

// refNum parses up to max digits of s from i; k is how many it read (0 when
// none, or when more digits follow).
func refNum(s string, i, maxDigits int) (v, k int) {
	for k < maxDigits && i+k < len(s) && refIsDigit(s[i+k]) {
		v = v*10 + int(s[i+k]-'0')
		k++
	}
	if i+k < len(s) && refIsDigit(s[i+k]) {
		return 0, 0
	}
	return v, k
}

var refMonths = [...]string{"jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"}

// refMonthName reports whether s starts with an English month name or its
// three-letter abbreviation, followed by a separator or the end.
func refMonthName(s string) bool {
	if len(s) < 3 {
		return false
	}
	for _, m := range refMonths {
		if refLower(s[0]) == m[0] && refLower(s[1]) == m[1] && refLower(s[2]) == m[2] {
			k := 3
			for k < len(s) && refIsLetter(s[k]) {
				k++
			}
			return k == len(s) || refIsDateSep(s[k])
		}
	}
	return false
}

func refAtoi(s string) int {
	v := 0
	for i := 0; i < len(s); i++ {
		v = v*10 + int(s[i]-'0')
	}
	return v
}

func refIsYear(y int) bool            { return y >= 1990 && y <= 2039 }
func refIsDateSep(c byte) bool        { return c == '/' || c == '-' || c == '_' || c == '.' }
func refIsLetter(c byte) bool         { c = refLower(c); return c >= 'a' && c <= 'z' }
func refIsAlnum(c byte) bool          { return refIsDigit(c) || refIsLetter(c) }
func refDigitAt(s string, i int) bool { return i < len(s) && refIsDigit(s[i]) }

// refFileNameClass classifies the file name (last path segment of a URL not
// ending in '/') in one pass: a hub word (class, index, default, list)
// anywhere wins over an article word (article, content).
func refFileNameClass(file string) int {
	if file == "" {
		return NameEmpty
	}
	class := NameOther
	for i := 0; i < len(file); i++ {
		rest := file[i:]
		switch refLower(file[i]) {
		case 'c':
			if refHasPrefixFold(rest, "class") {
				return NameHubWord
			}
			if refHasPrefixFold(rest, "content") {
				class = NameArticle
			}
		case 'i':
			if refHasPrefixFold(rest, "index") {
				return NameHubWord
			}
		case 'd':
			if refHasPrefixFold(rest, "default") {
				return NameHubWord
			}
		case 'l':
			if refHasPrefixFold(rest, "list") {
				return NameHubWord
			}
		case 'a':
			if refHasPrefixFold(rest, "article") {
				class = NameArticle
			}
		}
	}
	return class
}

func refHasPrefixFold(s, lowerWord string) bool {
	return len(s) >= len(lowerWord) && refEqualFold(s[:len(lowerWord)], lowerWord)
}

// refFileTypeClass classifies a file extension.
func refFileTypeClass(ext string) int {
	switch {
	case ext == "":
		return TypeEmpty
	case refEqualFold(ext, "asp"), refEqualFold(ext, "jsp"), refEqualFold(ext, "aspx"), refEqualFold(ext, "php"):
		return TypeDynamic
	case refEqualFold(ext, "shtml"), refEqualFold(ext, "html"), refEqualFold(ext, "htm"):
		return TypeStatic
	}
	return TypeOther
}

// refParamClass classifies the parameter names of a query.
func refParamClass(q string) int {
	if q == "" {
		return ParamEmpty
	}
	start := 0
	for i := 0; i <= len(q); i++ {
		if i == len(q) || q[i] == '&' || q[i] == ';' {
			name := q[start:i]
			if k := refIndexByte(name, '='); k >= 0 {
				name = name[:k]
			}
			if refContainsFold(name, "id") {
				return ParamID
			}
			start = i + 1
		}
	}
	return ParamOther
}

func refEqualFold(s, lowerWord string) bool {
	if len(s) != len(lowerWord) {
		return false
	}
	for i := 0; i < len(s); i++ {
		if refLower(s[i]) != lowerWord[i] {
			return false
		}
	}
	return true
}

// sameVector reports whether a and b hold the same bits (NaN equal NaN).
func sameVector(a, b Vector) bool {
	for i := range a {
		if math.Float64bits(a[i]) != math.Float64bits(b[i]) && !(a[i] != a[i] && b[i] != b[i]) {
			return false
		}
	}
	return true
}
