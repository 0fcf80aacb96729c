package warc

import "testing"

// TestEncoderPoolReusesLast: the pool hands back the encoder put last (its
// deflater's tables are the ones still in the CPU's cache), keeps at most
// maxFreeEncoders and drops an encoder whose buffers grew past
// maxPooledBody.
func TestEncoderPoolReusesLast(t *testing.T) {
	var p encoderPool
	a, b := p.get(), p.get()
	if a == b {
		t.Fatal("an empty pool gave the same encoder twice")
	}
	p.put(a)
	p.put(b)
	if got := p.get(); got != b {
		t.Error("get did not return the encoder put last")
	}
	if got := p.get(); got != a {
		t.Error("second get did not return the encoder put first")
	}
	big := p.get()
	big.buf.Grow(2 * maxPooledBody)
	p.put(big)
	if got := p.get(); got == big {
		t.Error("an encoder with a buffer past maxPooledBody was kept")
	}
	for range maxFreeEncoders + 5 {
		p.put(newEncoder())
	}
	if len(p.free) != maxFreeEncoders {
		t.Errorf("pool keeps %d encoders, want at most %d", len(p.free), maxFreeEncoders)
	}
}
