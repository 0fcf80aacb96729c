package text

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
	"unsafe"
)

// Languages a Tokenizer accepts in Config.Language.
const (
	LangAuto     = "auto"
	LangEnglish  = "en"
	LangChinese  = "zh"
	LangJapanese = "ja"
	LangKorean   = "ko"
)

// Config selects how a Tokenizer splits and filters text. The zero Config is
// valid: language "auto", no stemming, stop words removed, numbers dropped.
type Config struct {
	// Language picks the stop-word lists; tokenisation itself follows the
	// script of each run of text whatever the language, so mixed pages work.
	//   "" or "auto": English and Chinese lists.
	//   "en": English list. "zh": Chinese and English lists.
	//   "ja", "ko": English list only (no Japanese or Korean list yet).
	Language string
	// Stem applies the Snowball English stemmer to Latin-script tokens that
	// hold a letter (after stop-word removal). Stems are cached per Tokenizer.
	Stem bool
	// KeepStopWords keeps stop words instead of dropping them.
	KeepStopWords bool
	// KeepNumbers keeps tokens made only of digits ("2005"); by default they
	// are dropped because they say little about a topic.
	KeepNumbers bool
}

// Tokenizer splits text into lower-cased terms:
//
//   - Latin-script (and other alphabetic-script) words are maximal runs of
//     letters, digits and combining marks; an apostrophe (' or ’) between two
//     letters stays inside the word ("don't"), a trailing possessive "'s" is
//     cut ("player's" → "player"). Words of one character are dropped.
//   - Han, Hiragana, Katakana and Hangul runs become overlapping character
//     bigrams ("足球比赛" → 足球 球比 比赛); a run of one character is kept as a
//     unigram. A bigram is dropped when it is a stop word or holds a Chinese
//     stop character (的, 了, 是, …; see stopwords/zh_chars.txt).
//   - Everything else (punctuation, spaces, symbols, invalid UTF-8) separates
//     tokens.
//
// Bigrams rather than a dictionary segmenter: they need no dictionary load at
// start-up (a jieba-style dictionary costs tens of MB and about a second),
// work the same for Chinese, Japanese and Korean, and are the usual choice for
// CJK retrieval (Lucene's CJKBigramFilter); the topic model only compares
// vectors, so unsegmented bigrams lose little.
//
// A Tokenizer is safe for concurrent use.
type Tokenizer struct {
	cfg     Config
	stops   map[string]struct{} // stop words (all lists of the language)
	zhChars map[rune]struct{}   // stop characters that kill a CJK bigram
	stems   *stemCache          // nil without Config.Stem
}

// New returns a Tokenizer for cfg.
func New(cfg Config) (*Tokenizer, error) {
	if cfg.Language == "" {
		cfg.Language = LangAuto
	}
	t := &Tokenizer{cfg: cfg}
	switch cfg.Language {
	case LangAuto, LangChinese:
		t.stops = loadWords(enStopWords, zhStopWords)
		t.zhChars = loadChars(zhStopChars)
	case LangEnglish, LangJapanese, LangKorean:
		t.stops = loadWords(enStopWords)
		t.zhChars = map[rune]struct{}{}
	default:
		return nil, fmt.Errorf("text: unknown language %q (want auto, en, zh, ja or ko)", cfg.Language)
	}
	if cfg.Stem {
		t.stems = newStemCache(maxStems)
	}
	return t, nil
}

// Config returns the configuration of t, with defaults filled in.
func (t *Tokenizer) Config() Config { return t.cfg }

// IsStopWord reports whether the lower-cased token tok is a stop word of t's
// language (regardless of KeepStopWords).
func (t *Tokenizer) IsStopWord(tok string) bool {
	_, ok := t.stops[tok]
	return ok
}

// Tokens returns the terms of s in order (see Tokenizer).
func (t *Tokenizer) Tokens(s string) []string {
	return t.AppendTokens(make([]string, 0, len(s)/10+1), s)
}

// AppendTokens appends the terms of s to dst and returns the extended slice.
// Terms that need no lower-casing or stemming are substrings of s, so with a
// reused dst most calls allocate little; note that such terms keep s alive.
func (t *Tokenizer) AppendTokens(dst []string, s string) []string {
	k := sink{dst: dst}
	t.scan(&k, s)
	return k.dst
}

// Scan calls fn with each term of s in order, like Tokens, without building
// a slice. A term that had to be lower-cased lives in a buffer that the next
// term overwrites: fn must not keep a term past its call (strings.Clone it
// to keep it). Scan allocates nothing for most texts; it is the fast path
// for scoring.
func (t *Tokenizer) Scan(s string, fn func(term string)) {
	k := sink{fn: fn}
	t.scan(&k, s)
}

// sink receives terms: appended to dst, or passed to fn when it is set.
type sink struct {
	dst []string
	fn  func(string)
	buf []byte // lower-casing scratch, reused term after term
}

// emit hands over a term; transient terms alias buf and are copied for dst.
func (k *sink) emit(tok string, transient bool) {
	switch {
	case k.fn != nil:
		k.fn(tok)
	case transient:
		k.dst = append(k.dst, strings.Clone(tok))
	default:
		k.dst = append(k.dst, tok)
	}
}

func (t *Tokenizer) scan(k *sink, s string) {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if isASCIIWord(c) {
				i = t.word(k, s, i)
			} else {
				i++
			}
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size <= 1:
			i++
		case isCJK(r):
			i = t.cjk(k, s, i)
		case isWordRune(r):
			i = t.word(k, s, i)
		default:
			i += size
		}
	}
}

// word scans the alphabetic word starting at s[start] and emits its term.
func (t *Tokenizer) word(k *sink, s string, start int) int {
	i, plain, digits := start, true, true
	runes := 0
	for i < len(s) {
		// Fast path: a run of lower-case ASCII letters, most of any text.
		if j := i; s[j]-'a' < 26 {
			for j++; j < len(s) && s[j]-'a' < 26; j++ {
			}
			runes += j - i
			digits = false
			i = j
			continue
		}
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case 'a' <= c && c <= 'z':
				digits = false
			case '0' <= c && c <= '9':
			case 'A' <= c && c <= 'Z':
				plain, digits = false, false
			case c == '\'' && runes > 0 && i+1 < len(s) && isASCIILetter(s[i+1]):
				digits = false
			default:
				t.emitWord(k, s[start:i], plain, digits, runes)
				return i
			}
			i++
			runes++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if isCJK(r) || !(isWordRune(r) || r == '’' && runes > 0 && i+size < len(s) && isASCIILetter(s[i+size])) {
			break
		}
		plain, digits = false, digits && unicode.IsDigit(r)
		i += size
		runes++
	}
	t.emitWord(k, s[start:i], plain, digits, runes)
	return i
}

// emitWord filters and normalises one word; plain means it is lower-case
// ASCII already, digits that it has no letter.
func (t *Tokenizer) emitWord(k *sink, raw string, plain, digits bool, runes int) {
	if runes < 2 || digits && !t.cfg.KeepNumbers {
		return
	}
	tok := raw
	if !plain {
		k.buf = lowerInto(k.buf[:0], raw)
		tok = unsafe.String(unsafe.SliceData(k.buf), len(k.buf)) // valid until buf changes
	}
	// Cut a possessive 's (a curly apostrophe is folded to ' by lowerInto).
	if n := len(tok); n > 2 && tok[n-2] == '\'' && tok[n-1] == 's' {
		tok = tok[:n-2]
	}
	if !t.cfg.KeepStopWords {
		if _, stop := t.stops[tok]; stop {
			return
		}
	}
	if t.stems != nil && !digits {
		k.emit(t.stems.stem(tok), false)
		return
	}
	if k.fn != nil { // Scan's, a call fewer a word than through emit
		k.fn(tok)
		return
	}
	k.emit(tok, !plain)
}

// lowerInto appends the lower-cased form of s to b, folding ’ to '.
// Its ASCII bytes, most words' all, are lowered a byte at a time, the
// rest from the first other byte on rune by rune.
func lowerInto(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= utf8.RuneSelf {
			return lowerRunes(b, s[i:])
		}
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		b = append(b, c)
	}
	return b
}

// lowerRunes is lowerInto rune by rune.
func lowerRunes(b []byte, s string) []byte {
	for _, r := range s {
		switch {
		case r < utf8.RuneSelf:
			if 'A' <= r && r <= 'Z' {
				r += 'a' - 'A'
			}
			b = append(b, byte(r))
		case r == '’':
			b = append(b, '\'')
		default:
			b = utf8.AppendRune(b, unicode.ToLower(r))
		}
	}
	return b
}

// cjk scans the CJK run starting at s[start] and appends its bigrams (or its
// unigram when the run is one character long).
func (t *Tokenizer) cjk(k *sink, s string, start int) int {
	i, prev := start, -1
	var prevRune rune
	for i < len(s) {
		r, size := utf8.DecodeRuneInString(s[i:])
		if !isCJK(r) {
			break
		}
		if prev >= 0 {
			t.emitCJK(k, s[prev:i+size], prevRune, r)
		}
		prev, prevRune = i, r
		i += size
	}
	if prev == start { // a single character
		t.emitCJK(k, s[start:i], prevRune, -1)
	}
	return i
}

// emitCJK emits a bigram (r2 ≥ 0) or unigram unless it is a stop word.
func (t *Tokenizer) emitCJK(k *sink, tok string, r1, r2 rune) {
	if !t.cfg.KeepStopWords {
		if _, ok := t.stops[tok]; ok {
			return
		}
		if _, ok := t.zhChars[r1]; ok && r2 >= 0 {
			return
		}
		if _, ok := t.zhChars[r2]; ok {
			return
		}
	}
	k.emit(tok, false)
}

func isASCIIWord(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}

func isASCIILetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

// isWordRune reports whether a non-ASCII rune belongs inside an alphabetic word.
func isWordRune(r rune) bool {
	return unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.M, r)
}

// isCJK reports whether r is a Han, Hiragana, Katakana or Hangul character.
func isCJK(r rune) bool {
	switch {
	case r < 0x1100:
		return false
	case r <= 0x11FF: // Hangul Jamo
		return true
	case r == 0x3005 || r == 0x3007: // 々 〇
		return true
	case r >= 0x3040 && r <= 0x30FF: // Hiragana, Katakana
		return r != 0x30FB // ・ is punctuation
	case r >= 0x3130 && r <= 0x318F: // Hangul compatibility Jamo
		return true
	case r >= 0x31F0 && r <= 0x31FF: // Katakana phonetic extensions
		return true
	case r >= 0x3400 && r <= 0x4DBF: // Han extension A
		return true
	case r >= 0x4E00 && r <= 0x9FFF: // Han unified ideographs
		return true
	case r >= 0xAC00 && r <= 0xD7AF: // Hangul syllables
		return true
	case r >= 0xF900 && r <= 0xFAFF: // Han compatibility ideographs
		return true
	case r >= 0xFF66 && r <= 0xFF9D: // half-width Katakana
		return true
	case r >= 0x20000 && r <= 0x3134F: // Han extensions B–G
		return true
	}
	return false
}
