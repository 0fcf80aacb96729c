package hub

import (
	"fmt"
	"io"
)

// Metrics is the confusion matrix of a binary hub/topic evaluation, hub
// being the positive class.
type Metrics struct {
	TP, FP, FN, TN int
}

// Add counts one prediction.
func (m *Metrics) Add(truthHub, predHub bool) {
	switch {
	case truthHub && predHub:
		m.TP++
	case !truthHub && predHub:
		m.FP++
	case truthHub:
		m.FN++
	default:
		m.TN++
	}
}

// Precision of the hub class (0 when nothing was predicted hub).
func (m Metrics) Precision() float64 { return ratio(m.TP, m.TP+m.FP) }

// Recall of the hub class (0 without hub examples).
func (m Metrics) Recall() float64 { return ratio(m.TP, m.TP+m.FN) }

// F1 of the hub class.
func (m Metrics) F1() float64 {
	p, r := m.Precision(), m.Recall()
	if p+r == 0 {
		return 0
	}
	return 2 * p * r / (p + r)
}

// Accuracy over both classes.
func (m Metrics) Accuracy() float64 { return ratio(m.TP+m.TN, m.N()) }

// N is the number of examples counted.
func (m Metrics) N() int { return m.TP + m.FP + m.FN + m.TN }

func ratio(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}

// Report writes precision, recall, F1 and the confusion matrix.
func (m Metrics) Report(w io.Writer) error {
	_, err := fmt.Fprintf(w, "hub precision %.4f recall %.4f F1 %.4f accuracy %.4f (n=%d)\n"+
		"confusion (rows truth, columns predicted)\n"+
		"         hub\ttopic\n"+
		"hub      %d\t%d\n"+
		"topic    %d\t%d\n",
		m.Precision(), m.Recall(), m.F1(), m.Accuracy(), m.N(), m.TP, m.FN, m.FP, m.TN)
	return err
}

// Evaluate classifies every example and counts the outcomes.
func (c *Classifier) Evaluate(examples []Example) Metrics {
	var m Metrics
	for _, e := range examples {
		label, _ := c.Classify(e.URLInfo)
		m.Add(e.Hub, IsHub(label))
	}
	return m
}
