package svm

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// Model files use LIBSVM's text format (svm-train output), header lines
// then one support vector a line:
//
//	svm_type c_svc
//	kernel_type rbf
//	gamma 0.5
//	nr_class 2
//	total_sv 3
//	rho 0.1
//	label 1 -1
//	probA -2.5        (optional, one per pair)
//	probB 0.01        (optional)
//	nr_sv 2 1
//	SV
//	coef_1 … coef_{k-1} index:value …
//
// Numbers are written with the shortest representation that reads back
// exactly (strconv 'g', -1), so a saved model predicts bit-for-bit the same.

// maxClasses bounds nr_class when reading a model.
const maxClasses = 1 << 12

// ReadModel reads a model in LIBSVM's text format; svm_type must be c_svc
// (nu_svc is accepted too: its decision function has the same form).
func ReadModel(r io.Reader) (*Model, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), maxLine)
	m := &Model{}
	hdr := header{nClass: -1, totalSV: -1}
	line := 0
	for {
		if !sc.Scan() {
			if err := sc.Err(); err != nil {
				return nil, fmt.Errorf("svm: read model: line %d: %w", line+1, err)
			}
			return nil, errors.New("svm: read model: missing SV section")
		}
		line++
		text := strings.TrimSpace(sc.Text())
		if text == "SV" {
			break
		}
		if err := hdr.parse(m, text); err != nil {
			return nil, fmt.Errorf("svm: read model: line %d: %w", line, err)
		}
	}
	if err := hdr.check(m); err != nil {
		return nil, fmt.Errorf("svm: read model: %w", err)
	}
	m.coef = make([][]float64, m.NumClass()-1)
	for sc.Scan() {
		line++
		text := strings.TrimSpace(sc.Text())
		if text == "" {
			continue
		}
		if len(m.sv) == hdr.totalSV {
			return nil, fmt.Errorf("svm: read model: line %d: more than total_sv = %d support vectors", line, hdr.totalSV)
		}
		if err := m.parseSV(text); err != nil {
			return nil, fmt.Errorf("svm: read model: line %d: %w", line, err)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("svm: read model: line %d: %w", line+1, err)
	}
	if len(m.sv) != hdr.totalSV {
		return nil, fmt.Errorf("svm: read model: %d support vectors, header says total_sv %d", len(m.sv), hdr.totalSV)
	}
	m.prepare()
	return m, nil
}

// header collects the header fields that are checked against each other.
type header struct {
	nClass, totalSV int
	seen            map[string]bool
}

func (h *header) parse(m *Model, text string) error {
	key, rest, _ := cutSpace(text)
	if h.seen == nil {
		h.seen = map[string]bool{}
	}
	if h.seen[key] {
		return fmt.Errorf("duplicate %q", key)
	}
	h.seen[key] = true
	rest = strings.TrimSpace(rest)
	var err error
	switch key {
	case "svm_type":
		if rest != "c_svc" && rest != "nu_svc" {
			return fmt.Errorf("unsupported svm_type %q (want c_svc or nu_svc)", rest)
		}
		m.svmType = rest
	case "kernel_type":
		m.kernel.typ, err = parseKernel(rest)
	case "degree":
		m.kernel.degree, err = parseCount(rest, "degree", math.MaxInt32)
	case "gamma":
		m.kernel.gamma, err = parseFinite(rest)
	case "coef0":
		m.kernel.coef0, err = parseFinite(rest)
	case "nr_class":
		h.nClass, err = parseCount(rest, "nr_class", maxClasses)
	case "total_sv":
		h.totalSV, err = parseCount(rest, "total_sv", math.MaxInt32)
	case "rho":
		m.rho, err = parseFloats(rest)
	case "label":
		m.labels, err = parseFloats(rest)
	case "probA":
		m.probA, err = parseFloats(rest)
	case "probB":
		m.probB, err = parseFloats(rest)
	case "nr_sv":
		m.nSV, err = parseInts(rest)
	default:
		return fmt.Errorf("unknown header %q", key)
	}
	if err != nil {
		return fmt.Errorf("%s: %w", key, err)
	}
	return nil
}

// check verifies that the header fields agree with each other.
func (h *header) check(m *Model) error {
	for _, k := range []string{"svm_type", "kernel_type", "nr_class", "total_sv", "rho"} {
		if !h.seen[k] {
			return fmt.Errorf("missing %s", k)
		}
	}
	k := h.nClass
	pairs := k * (k - 1) / 2
	switch {
	case k < 2:
		return fmt.Errorf("nr_class %d, want at least 2", k)
	case len(m.rho) != pairs:
		return fmt.Errorf("%d rho values, want %d for %d classes", len(m.rho), pairs, k)
	case len(m.labels) != k:
		return fmt.Errorf("%d labels, want nr_class = %d", len(m.labels), k)
	case len(m.nSV) != k:
		return fmt.Errorf("%d nr_sv values, want nr_class = %d", len(m.nSV), k)
	case len(m.probA) != len(m.probB) || (len(m.probA) != 0 && len(m.probA) != pairs):
		return fmt.Errorf("%d probA and %d probB values, want %d each or none", len(m.probA), len(m.probB), pairs)
	}
	sum := 0
	for _, n := range m.nSV {
		sum += n
	}
	if sum != h.totalSV {
		return fmt.Errorf("nr_sv sums to %d, total_sv is %d", sum, h.totalSV)
	}
	return nil
}

// parseSV parses "coef … index:value …" and appends it to m.
func (m *Model) parseSV(text string) error {
	for r := range m.coef {
		var tok string
		tok, text, _ = cutSpace(text)
		c, err := parseFinite(tok)
		if err != nil {
			return fmt.Errorf("coefficient %d: %w", r+1, err)
		}
		m.coef[r] = append(m.coef[r], c)
	}
	x, err := parseNodes(text)
	if err != nil {
		return err
	}
	m.sv = append(m.sv, x)
	return nil
}

func parseCount(s, what string, limit int) (int, error) {
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 || n > limit {
		return 0, fmt.Errorf("bad %s %q", what, s)
	}
	return n, nil
}

func parseFloats(s string) ([]float64, error) {
	var out []float64
	for _, f := range strings.Fields(s) {
		v, err := parseFinite(f)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, nil
}

func parseInts(s string) ([]int, error) {
	var out []int
	for _, f := range strings.Fields(s) {
		n, err := parseCount(f, "count", math.MaxInt32)
		if err != nil {
			return nil, err
		}
		out = append(out, n)
	}
	return out, nil
}

// LoadModel reads a model file written by SaveModel or svm-train.
func LoadModel(path string) (*Model, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("svm: load model: %w", err)
	}
	defer f.Close()
	m, err := ReadModel(f)
	if err != nil {
		return nil, fmt.Errorf("%w (%s)", err, path)
	}
	return m, nil
}

// Write writes m in LIBSVM's model format. Labels are written as integers
// when they are integral (LIBSVM reads labels with %d).
func (m *Model) Write(w io.Writer) error {
	bw := bufio.NewWriter(w)
	typ := m.svmType
	if typ == "" {
		typ = "c_svc"
	}
	fmt.Fprintf(bw, "svm_type %s\nkernel_type %s\n", typ, m.kernel.typ)
	k := m.kernel
	if k.typ == Poly {
		fmt.Fprintf(bw, "degree %d\n", k.degree)
	}
	if k.typ != Linear {
		fmt.Fprintf(bw, "gamma %s\n", fmtFloat(k.gamma))
	}
	if k.typ == Poly || k.typ == Sigmoid {
		fmt.Fprintf(bw, "coef0 %s\n", fmtFloat(k.coef0))
	}
	fmt.Fprintf(bw, "nr_class %d\ntotal_sv %d\n", len(m.labels), len(m.sv))
	writeFloats(bw, "rho", m.rho)
	writeFloats(bw, "label", m.labels)
	if m.HasProbability() {
		writeFloats(bw, "probA", m.probA)
		writeFloats(bw, "probB", m.probB)
	}
	bw.WriteString("nr_sv")
	for _, n := range m.nSV {
		fmt.Fprintf(bw, " %d", n)
	}
	bw.WriteString("\nSV\n")
	var buf []byte
	for s, x := range m.sv {
		buf = buf[:0]
		for _, row := range m.coef {
			buf = strconv.AppendFloat(buf, row[s], 'g', -1, 64)
			buf = append(buf, ' ')
		}
		buf = appendNodes(buf[:len(buf)-1], x) // appendNodes adds the separator
		buf = append(buf, '\n')
		bw.Write(buf)
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("svm: write model: %w", err)
	}
	return nil
}

func fmtFloat(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }

func writeFloats(w *bufio.Writer, key string, vs []float64) {
	w.WriteString(key)
	for _, v := range vs {
		w.WriteByte(' ')
		w.WriteString(fmtFloat(v))
	}
	w.WriteByte('\n')
}

// SaveModel writes m to path atomically: to a temporary file in the same
// directory, synced, then renamed over path.
func (m *Model) SaveModel(path string) error {
	return writeAtomic(path, m.Write)
}

// writeAtomic writes a file through a temporary sibling and a rename.
func writeAtomic(path string, write func(io.Writer) error) (err error) {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return fmt.Errorf("svm: save %s: %w", path, err)
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if err = write(tmp); err != nil {
		return err
	}
	if err = tmp.Sync(); err != nil {
		return fmt.Errorf("svm: save %s: %w", path, err)
	}
	if err = tmp.Close(); err != nil {
		return fmt.Errorf("svm: save %s: %w", path, err)
	}
	if err = os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("svm: save %s: %w", path, err)
	}
	return nil
}
