package svm

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
)

// Node is one non-zero feature of a sparse vector, as in LIBSVM: Index is
// 1-based and the Nodes of a vector are in strictly increasing Index order.
// Features that are absent are zero.
type Node struct {
	Index int
	Value float64
}

// Problem is a labelled training set: X[i] is the sparse feature vector of
// the i-th instance and Y[i] its class label (any float64, typically ±1 or
// 1..k, written in LIBSVM files with %.17g).
type Problem struct {
	Y []float64
	X [][]Node
}

// Len reports the number of instances.
func (p *Problem) Len() int { return len(p.Y) }

// MaxIndex reports the largest feature index used by any instance (0 when
// all vectors are empty).
func (p *Problem) MaxIndex() int {
	m := 0
	for _, x := range p.X {
		if n := len(x); n > 0 && x[n-1].Index > m {
			m = x[n-1].Index
		}
	}
	return m
}

// Validate checks that Y and X have the same length and that every vector has
// positive, strictly increasing indices and finite values.
func (p *Problem) Validate() error {
	if p == nil {
		return errors.New("svm: nil problem")
	}
	if len(p.Y) != len(p.X) {
		return fmt.Errorf("svm: problem has %d labels but %d vectors", len(p.Y), len(p.X))
	}
	for i, y := range p.Y {
		if math.IsNaN(y) || math.IsInf(y, 0) {
			return fmt.Errorf("svm: instance %d: label %v is not finite", i, y)
		}
		if err := checkVector(p.X[i]); err != nil {
			return fmt.Errorf("svm: instance %d: %w", i, err)
		}
	}
	return nil
}

func checkVector(x []Node) error {
	prev := 0
	for _, n := range x {
		if n.Index <= prev {
			if n.Index < 1 {
				return fmt.Errorf("feature index %d is not positive", n.Index)
			}
			return fmt.Errorf("feature index %d does not increase (after %d)", n.Index, prev)
		}
		if math.IsNaN(n.Value) || math.IsInf(n.Value, 0) {
			return fmt.Errorf("feature %d: value %v is not finite", n.Index, n.Value)
		}
		prev = n.Index
	}
	return nil
}

// maxLine bounds one line of a LIBSVM file (data, model or ranges).
const maxLine = 64 << 20

// ReadProblem reads a data set in LIBSVM format: one instance a line,
// "label index:value index:value ...", indices 1-based and strictly
// increasing. Blank lines are skipped. Errors name the offending line.
func ReadProblem(r io.Reader) (*Problem, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), maxLine)
	p := &Problem{}
	line := 0
	for sc.Scan() {
		line++
		text := strings.TrimSpace(sc.Text())
		if text == "" {
			continue
		}
		label, rest, _ := cutSpace(text)
		y, err := parseFinite(label)
		if err != nil {
			return nil, fmt.Errorf("svm: read problem: line %d: label: %w", line, err)
		}
		x, err := parseNodes(rest)
		if err != nil {
			return nil, fmt.Errorf("svm: read problem: line %d: %w", line, err)
		}
		p.Y = append(p.Y, y)
		p.X = append(p.X, x)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("svm: read problem: line %d: %w", line+1, err)
	}
	return p, nil
}

// WriteProblem writes p in LIBSVM format with full float precision.
func WriteProblem(w io.Writer, p *Problem) error {
	if err := p.Validate(); err != nil {
		return err
	}
	bw := bufio.NewWriter(w)
	var buf []byte
	for i, y := range p.Y {
		buf = strconv.AppendFloat(buf[:0], y, 'g', -1, 64)
		buf = appendNodes(buf, p.X[i])
		buf = append(buf, '\n')
		if _, err := bw.Write(buf); err != nil {
			return fmt.Errorf("svm: write problem: %w", err)
		}
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("svm: write problem: %w", err)
	}
	return nil
}

// appendNodes appends " index:value" for every node.
func appendNodes(buf []byte, x []Node) []byte {
	for _, n := range x {
		buf = append(buf, ' ')
		buf = strconv.AppendInt(buf, int64(n.Index), 10)
		buf = append(buf, ':')
		buf = strconv.AppendFloat(buf, n.Value, 'g', -1, 64)
	}
	return buf
}

// parseNodes parses space-separated "index:value" pairs.
func parseNodes(s string) ([]Node, error) {
	var x []Node
	prev := 0
	for {
		var tok string
		tok, s, _ = cutSpace(s)
		if tok == "" {
			return x, nil
		}
		is, vs, ok := strings.Cut(tok, ":")
		if !ok {
			return nil, fmt.Errorf("feature %q: want index:value", tok)
		}
		idx, err := strconv.Atoi(is)
		if err != nil || idx < 1 {
			return nil, fmt.Errorf("feature %q: index must be a positive integer", tok)
		}
		if idx <= prev {
			return nil, fmt.Errorf("feature %q: index %d does not increase (after %d)", tok, idx, prev)
		}
		v, err := parseFinite(vs)
		if err != nil {
			return nil, fmt.Errorf("feature %q: %w", tok, err)
		}
		x = append(x, Node{Index: idx, Value: v})
		prev = idx
	}
}

// parseFinite parses a float and rejects NaN and ±Inf.
func parseFinite(s string) (float64, error) {
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return 0, fmt.Errorf("bad number %q", s)
	}
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return 0, fmt.Errorf("number %q is not finite", s)
	}
	return v, nil
}

// cutSpace returns the first whitespace-separated token of s and the rest.
func cutSpace(s string) (tok, rest string, ok bool) {
	s = strings.TrimLeft(s, " \t\r\v\f")
	if s == "" {
		return "", "", false
	}
	i := strings.IndexAny(s, " \t\r\v\f")
	if i < 0 {
		return s, "", true
	}
	return s[:i], s[i+1:], true
}
