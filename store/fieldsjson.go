package store

import (
	"encoding/json"
	"unicode/utf8"

	"github.com/crawl-project/crawl"
)

// fieldJSON is one field of the records table before runs (schema
// version 6 and earlier), as the migration to runs reads it.
type fieldJSON struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

// fieldDecoder decodes the fields column of the records table (a JSON array
// of {"name":…,"value":…}, as fieldsJSON writes it) without reflection: the
// records exports read every record, and encoding/json's decoding was most
// of their cost. Anything but that shape — other keys, other value types,
// white space aside — is handed to encoding/json, so the result is
// json.Unmarshal's into []fieldJSON in every case, errors included. Names
// are interned (a table has few), and a record's values share one string.
type fieldDecoder struct {
	names     map[string]string
	buf       []byte // the decoded values of one record, back to back
	ends      []int  // each field's value end in buf
	nameList  []string
	namesOnly bool // scan checks the values but does not decode them
	name      []byte
}

func newFieldDecoder() *fieldDecoder { return &fieldDecoder{names: map[string]string{}} }

// decode returns the fields of data in order.
func (d *fieldDecoder) decode(data []byte) ([]crawl.Field, error) {
	names, ok := d.scan(data)
	if !ok {
		return d.slow(data)
	}
	vals := string(d.buf)
	out := make([]crawl.Field, len(names))
	start := 0
	for i, n := range names {
		out[i] = crawl.Field{Name: n, Value: vals[start:d.ends[i]]}
		start = d.ends[i]
	}
	return out, nil
}

// fieldNames returns the names of the fields of data, as decode would
// return them; the slice is reused by the next call.
func (d *fieldDecoder) fieldNames(data []byte) ([]string, error) {
	d.namesOnly = true
	names, ok := d.scan(data)
	d.namesOnly = false
	if ok {
		return names, nil
	}
	fs, err := d.slow(data)
	if err != nil {
		return nil, err
	}
	d.nameList = d.nameList[:0]
	for _, f := range fs {
		d.nameList = append(d.nameList, f.Name)
	}
	return d.nameList, nil
}

func (d *fieldDecoder) intern(name []byte) string {
	if s, ok := d.names[string(name)]; ok {
		return s
	}
	s := string(name)
	d.names[s] = s
	return s
}

// slow is encoding/json's decoding of data (into a new slice: decoding
// into a reused one would keep an earlier record's value for a key this
// one lacks).
func (d *fieldDecoder) slow(data []byte) ([]crawl.Field, error) {
	var fj []fieldJSON
	if err := json.Unmarshal(data, &fj); err != nil {
		return nil, err
	}
	out := make([]crawl.Field, len(fj))
	for i, f := range fj {
		out[i] = crawl.Field{Name: f.Name, Value: f.Value}
	}
	return out, nil
}

// scan parses data as [{"name":S,"value":S},…] (keys in any order, each
// optional, a repeated key's last value kept, white space anywhere JSON
// allows it) and returns the fields' interned names (in d.nameList), with
// their decoded values back to back in d.buf, each ending at d.ends[i]. It
// reports false when data is anything else.
func (d *fieldDecoder) scan(data []byte) ([]string, bool) {
	d.buf, d.ends, d.nameList = d.buf[:0], d.ends[:0], d.nameList[:0]
	p := jsonScanner{data: data}
	if !p.expect('[') {
		return nil, false
	}
	if p.peek() == ']' {
		p.i++
		return d.nameList, p.end()
	}
	for {
		if !p.expect('{') || !d.object(&p) {
			return nil, false
		}
		switch p.next() {
		case ',':
		case ']':
			return d.nameList, p.end()
		default:
			return nil, false
		}
	}
}

// object reads the members of one field object, its '{' read.
func (d *fieldDecoder) object(p *jsonScanner) bool {
	d.name = d.name[:0]
	valStart := len(d.buf)
	if p.peek() == '}' {
		p.i++
	} else {
		for {
			key, ok := p.rawKey()
			if !ok || !p.expect(':') {
				return false
			}
			switch key {
			case "name":
				d.name, ok = p.str(d.name[:0])
			case "value":
				if d.namesOnly {
					ok = p.skipStr()
				} else {
					d.buf, ok = p.str(d.buf[:valStart])
				}
			default:
				return false
			}
			if !ok {
				return false
			}
			if c := p.next(); c == '}' {
				break
			} else if c != ',' {
				return false
			}
		}
	}
	d.ends = append(d.ends, len(d.buf))
	d.nameList = append(d.nameList, d.intern(d.name))
	return true
}

// jsonScanner reads JSON tokens from data.
type jsonScanner struct {
	data []byte
	i    int
}

func (p *jsonScanner) skip() {
	for p.i < len(p.data) {
		switch p.data[p.i] {
		case ' ', '\t', '\n', '\r':
			p.i++
		default:
			return
		}
	}
}

// peek returns the next byte after white space (0 at the end).
func (p *jsonScanner) peek() byte {
	p.skip()
	if p.i < len(p.data) {
		return p.data[p.i]
	}
	return 0
}

// next consumes and returns the next byte after white space.
func (p *jsonScanner) next() byte {
	c := p.peek()
	if c != 0 {
		p.i++
	}
	return c
}

func (p *jsonScanner) expect(c byte) bool { return p.next() == c }

// end reports whether only white space is left.
func (p *jsonScanner) end() bool {
	p.skip()
	return p.i == len(p.data)
}

// rawKey reads an object key that needs no unescaping ("" and false for
// any other).
func (p *jsonScanner) rawKey() (string, bool) {
	if !p.expect('"') {
		return "", false
	}
	start := p.i
	for p.i < len(p.data) {
		c := p.data[p.i]
		if c == '"' {
			k := p.data[start:p.i]
			p.i++
			switch string(k) { // no allocation: compared, not kept
			case "name":
				return "name", true
			case "value":
				return "value", true
			}
			return "", false
		}
		if c == '\\' || c < ' ' {
			return "", false
		}
		p.i++
	}
	return "", false
}

// str reads a string token and appends its decoded bytes to dst. It
// decodes what encoding/json decodes the same way (plain bytes of valid
// UTF-8, the two-character escapes, \u escapes outside the surrogates)
// and reports false for the rest (invalid UTF-8, surrogate escapes,
// anything invalid), which the caller hands to encoding/json.
func (p *jsonScanner) str(dst []byte) ([]byte, bool) {
	if !p.expect('"') {
		return dst, false
	}
	for {
		start := p.i
		ascii := true
		for p.i < len(p.data) {
			c := p.data[p.i]
			if c == '"' || c == '\\' || c < ' ' {
				break
			}
			if c >= utf8.RuneSelf {
				ascii = false
			}
			p.i++
		}
		if p.i == len(p.data) {
			return dst, false
		}
		chunk := p.data[start:p.i]
		if !ascii && !utf8.Valid(chunk) {
			return dst, false
		}
		dst = append(dst, chunk...)
		switch c := p.data[p.i]; {
		case c == '"':
			p.i++
			return dst, true
		case c < ' ':
			return dst, false
		}
		var ok bool // a backslash
		if dst, ok = p.escape(dst); !ok {
			return dst, false
		}
	}
}

// skipStr reads a string token without decoding it; it reports false
// where str would.
func (p *jsonScanner) skipStr() bool {
	if !p.expect('"') {
		return false
	}
	for p.i < len(p.data) {
		switch c := p.data[p.i]; {
		case c == '"':
			p.i++
			return true
		case c == '\\':
			if _, ok := p.escape(nil); !ok {
				return false
			}
		case c < ' ':
			return false
		case c >= utf8.RuneSelf:
			r, size := utf8.DecodeRune(p.data[p.i:])
			if r == utf8.RuneError && size == 1 {
				return false
			}
			p.i += size
		default:
			p.i++
		}
	}
	return false
}

// escape decodes the escape at p.i (a backslash) onto dst.
func (p *jsonScanner) escape(dst []byte) ([]byte, bool) {
	if p.i+1 >= len(p.data) {
		return dst, false
	}
	c := p.data[p.i+1]
	p.i += 2
	switch c {
	case '"', '\\', '/':
		return append(dst, c), true
	case 'b':
		return append(dst, '\b'), true
	case 'f':
		return append(dst, '\f'), true
	case 'n':
		return append(dst, '\n'), true
	case 'r':
		return append(dst, '\r'), true
	case 't':
		return append(dst, '\t'), true
	case 'u':
		if p.i+4 > len(p.data) {
			return dst, false
		}
		var r rune
		for _, h := range p.data[p.i : p.i+4] {
			switch {
			case '0' <= h && h <= '9':
				h -= '0'
			case 'a' <= h && h <= 'f':
				h = h - 'a' + 10
			case 'A' <= h && h <= 'F':
				h = h - 'A' + 10
			default:
				return dst, false
			}
			r = r<<4 | rune(h)
		}
		if 0xD800 <= r && r < 0xE000 { // surrogates: encoding/json's rules
			return dst, false
		}
		p.i += 4
		return utf8.AppendRune(dst, r), true
	}
	return dst, false
}
