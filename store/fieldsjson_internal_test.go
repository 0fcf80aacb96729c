package store

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/crawl-project/crawl"
)

// reference is encoding/json's decoding of a records fields column, what
// fieldDecoder must return in every case.
func reference(data []byte) ([]crawl.Field, error) {
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

var fieldsCases = []struct {
	name string
	in   string
	fast bool // decoded without encoding/json
}{
	{"empty", `[]`, true},
	{"marshalled", `[{"name":"title","value":"What's new"},{"name":"link","value":"http://a/b?x=1\u0026y=2"}]`, true},
	{"escapes", `[{"name":"t","value":"a\"b\\c\/d\b\f\n\r\t\u00e9\u20ac"}]`, true},
	{"utf8", `[{"name":"titre","value":"été — 日本"}]`, true},
	{"white space", " [ { \"value\" : \"v\" , \"name\" : \"n\" } ,\n{\"name\":\"m\"} ] ", true},
	{"repeated keys", `[{"name":"a","name":"b","value":"1","value":"22"}]`, true},
	{"missing keys", `[{},{"value":"x"}]`, true},
	{"surrogate pair", `[{"name":"e","value":"\ud83d\ude00"}]`, false},
	{"lone surrogate", `[{"name":"e","value":"\ud83d"}]`, false},
	{"invalid utf8", "[{\"name\":\"e\",\"value\":\"a\xffb\"}]", false},
	{"other key", `[{"name":"a","value":"b","x":1}]`, false},
	{"key case", `[{"Name":"a","VALUE":"b"}]`, false},
	{"escaped key", `[{"n\u0061me":"a"}]`, false},
	{"null", `null`, false},
	{"null value", `[{"name":"a","value":null}]`, false},
	{"number value", `[{"name":"a","value":1}]`, false},
	{"not an array", `{"name":"a"}`, false},
	{"trailing", `[] x`, false},
	{"unterminated", `[{"name":"a"`, false},
	{"bad escape", `[{"name":"a","value":"\x"}]`, false},
	{"control char", "[{\"name\":\"a\",\"value\":\"a\nb\"}]", false},
	{"trailing comma", `[{"name":"a"},]`, false},
	{"empty input", ``, false},
}

func TestFieldDecoder(t *testing.T) {
	d := newFieldDecoder()
	for _, c := range fieldsCases {
		t.Run(c.name, func(t *testing.T) {
			_, fast := d.scan([]byte(c.in))
			if fast != c.fast {
				t.Errorf("scan(%q) fast = %v, want %v", c.in, fast, c.fast)
			}
			checkSame(t, d, []byte(c.in))
		})
	}
}

// checkSame fails t unless d decodes data (fields and names) as
// encoding/json does, errors included.
func checkSame(t *testing.T, d *fieldDecoder, data []byte) {
	t.Helper()
	want, werr := reference(data)
	got, err := d.decode(data)
	if (err != nil) != (werr != nil) || !reflect.DeepEqual(got, want) {
		t.Fatalf("decode(%q) = %+v, %v; encoding/json gives %+v, %v", data, got, err, want, werr)
	}
	names, err := d.fieldNames(data)
	if (err != nil) != (werr != nil) {
		t.Fatalf("fieldNames(%q) error %v; encoding/json gives %v", data, err, werr)
	}
	if werr == nil {
		var wantNames []string
		for _, f := range want {
			wantNames = append(wantNames, f.Name)
		}
		if strings.Join(names, "\x00") != strings.Join(wantNames, "\x00") || len(names) != len(wantNames) {
			t.Fatalf("fieldNames(%q) = %q, want %q", data, names, wantNames)
		}
	}
}

// TestFieldDecoderReuse checks that a record's values do not change when
// the decoder goes on to the next record.
func TestFieldDecoderReuse(t *testing.T) {
	d := newFieldDecoder()
	first, err := d.decode([]byte(`[{"name":"title","value":"first"}]`))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := d.decode([]byte(`[{"name":"title","value":"SECOND"}]`)); err != nil {
		t.Fatal(err)
	}
	if first[0].Value != "first" {
		t.Fatalf("first record's value became %q after the next decode", first[0].Value)
	}
}

// FuzzFieldDecoder checks the decoder against encoding/json on any bytes.
func FuzzFieldDecoder(f *testing.F) {
	for _, c := range fieldsCases {
		f.Add([]byte(c.in))
	}
	f.Add([]byte(`[{"name":"a\u0000","value":"\u00"}]`))
	d := newFieldDecoder()
	f.Fuzz(func(t *testing.T, data []byte) {
		checkSame(t, d, data)
	})
}

// BenchmarkFieldDecoder decodes a records fields column of a Python
// documentation page (four fields, one escape) with the decoder and with
// encoding/json.
func BenchmarkFieldDecoder(b *testing.B) {
	data := []byte(`[{"name":"link","value":"http://127.0.0.1:18431/library/asyncio-task.html#asyncio.wait_for"},` +
		`{"name":"title","value":"asyncio.wait_for(aw, timeout)"},{"name":"summary","value":"Wait for the aw awaitable to complete with a timeout \u0026 cancel it."},` +
		`{"name":"other","value":"http://127.0.0.1:18431/library/asyncio-task.html#timeouts"}]`)
	want, err := reference(data)
	if err != nil {
		b.Fatal(err)
	}
	b.Run("decoder", func(b *testing.B) {
		d := newFieldDecoder()
		b.ReportAllocs()
		var got []crawl.Field
		for b.Loop() {
			if got, err = d.decode(data); err != nil {
				b.Fatal(err)
			}
		}
		if !reflect.DeepEqual(got, want) {
			b.Fatalf("decode = %+v, want %+v", got, want)
		}
	})
	b.Run("encoding-json", func(b *testing.B) {
		b.ReportAllocs()
		var got []crawl.Field
		for b.Loop() {
			if got, err = reference(data); err != nil {
				b.Fatal(err)
			}
		}
		if !reflect.DeepEqual(got, want) {
			b.Fatalf("reference = %+v, want %+v", got, want)
		}
	})
}
