package export

import (
	"io"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
	"unsafe"
)

// csvWriter writes CSV rows byte for byte as encoding/csv's Writer does
// (comma, LF, a field quoted when it holds a quote, comma, CR or LF, is
// `\.`, or begins with a space character; quotes doubled), each row
// appended to a 64 KiB buffer written out when full. encoding/csv writes
// field by field and rune by rune through a bufio.Writer; the records
// exports write millions of fields (FuzzCSVRow checks the bytes against
// encoding/csv).
type csvWriter struct {
	w   io.Writer
	buf []byte
	err error // the first write error: every later call returns it
}

func newCSVWriter(w io.Writer) *csvWriter { return &csvWriter{w: w, buf: make([]byte, 0, 64<<10)} }

func (c *csvWriter) header(cols []string) error { return c.rowOf(nil, cols) }

func (c *csvWriter) row(vals []any) error {
	for i, v := range vals {
		if i > 0 {
			c.buf = append(c.buf, ',')
		}
		c.buf = appendCSVValue(c.buf, v)
	}
	return c.endRow()
}

func (c *csvWriter) rowOf(lead []any, rest []string) error {
	for i, v := range lead {
		if i > 0 {
			c.buf = append(c.buf, ',')
		}
		c.buf = appendCSVValue(c.buf, v)
	}
	for i, s := range rest {
		if i > 0 || len(lead) > 0 {
			c.buf = append(c.buf, ',')
		}
		c.buf = appendCSVField(c.buf, s)
	}
	return c.endRow()
}

// endRow ends a row and writes the buffer out once it is nearly full.
func (c *csvWriter) endRow() error {
	c.buf = append(c.buf, '\n')
	if len(c.buf) >= 60<<10 {
		return c.write()
	}
	return c.err
}

func (c *csvWriter) write() error {
	if c.err == nil && len(c.buf) > 0 {
		_, c.err = c.w.Write(c.buf)
	}
	c.buf = c.buf[:0]
	return c.err
}

func (c *csvWriter) flush() error { return c.write() }

// appendCSVValue appends v as format gives it, as a CSV field; integers
// without their string.
func appendCSVValue(dst []byte, v any) []byte {
	switch x := v.(type) {
	case string:
		return appendCSVField(dst, x)
	case int:
		return strconv.AppendInt(dst, int64(x), 10)
	case int64:
		return strconv.AppendInt(dst, x, 10)
	}
	return appendCSVField(dst, format(v))
}

// csvSpecial marks the bytes that make a field quoted.
var csvSpecial = [256]bool{'"': true, ',': true, '\r': true, '\n': true}

// appendCSVField appends s as one CSV field, as encoding/csv writes it;
// a field longer than a spreadsheet cell is cut with a note (cutCell).
func appendCSVField[T string | []byte](dst []byte, s T) []byte {
	if len(s) > maxCell {
		return appendCSVField(dst, cutCell(s))
	}
	if !fieldNeedsQuotes(s) {
		return append(dst, s...)
	}
	return appendQuoted(dst, asString(s))
}

// A value's quoting as kept for the tables a record is written to
// (appendCSVQuoted): not yet known, plain, or quoted.
const (
	quoteUnknown uint8 = iota
	quotePlain
	quoteNeeded
)

// appendCSVQuoted is appendCSVField(dst, s) for s of at most maxCell
// bytes whose quoting is *q (quoteUnknown: found, and kept in *q).
func appendCSVQuoted(dst []byte, s string, q *uint8) []byte {
	if *q == quoteUnknown {
		*q = quotePlain
		if fieldNeedsQuotes(s) {
			*q = quoteNeeded
		}
	}
	if *q == quotePlain {
		return append(dst, s...)
	}
	return appendQuoted(dst, s)
}

// appendQuoted appends str quoted, its quotes doubled.
func appendQuoted(dst []byte, str string) []byte {
	dst = append(dst, '"')
	for {
		i := strings.IndexByte(str, '"')
		if i < 0 {
			break
		}
		dst = append(append(dst, str[:i]...), `""`...)
		str = str[i+1:]
	}
	return append(append(dst, str...), '"')
}

// asString is s as a string, sharing a []byte's bytes (read only, not
// kept past the call that asked).
func asString[T string | []byte](s T) string {
	switch v := any(s).(type) {
	case string:
		return v
	case []byte:
		return unsafe.String(unsafe.SliceData(v), len(v))
	}
	panic("unreachable")
}

// hasCSVSpecial reports whether s holds a byte of csvSpecial. A long
// field is searched for each such byte in turn (strings.IndexByte, many
// bytes an instruction), which costs less than one pass byte by byte:
// most of the records' values are long and hold none of them, or a comma
// early on (callgrind: 101 M instructions a Python docs crawl before).
func hasCSVSpecial(s string) bool {
	if len(s) < 32 {
		for i := 0; i < len(s); i++ {
			if csvSpecial[s[i]] {
				return true
			}
		}
		return false
	}
	return strings.IndexByte(s, ',') >= 0 || strings.IndexByte(s, '"') >= 0 ||
		strings.IndexByte(s, '\n') >= 0 || strings.IndexByte(s, '\r') >= 0
}

// fieldNeedsQuotes is encoding/csv's rule for a comma separator.
func fieldNeedsQuotes[T string | []byte](s T) bool {
	if len(s) == 0 {
		return false
	}
	if len(s) == 2 && s[0] == '\\' && s[1] == '.' {
		return true
	}
	if hasCSVSpecial(asString(s)) {
		return true
	}
	if s[0] < utf8.RuneSelf {
		return s[0] == ' ' || '\t' <= s[0] && s[0] <= '\r'
	}
	r, _ := utf8.DecodeRuneInString(string(s[:min(len(s), utf8.UTFMax)]))
	return unicode.IsSpace(r)
}
