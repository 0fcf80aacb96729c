package warc

import (
	"testing"
	"testing/synctest"
)

// TestEncoderPool: the pool hands back the encoder put last (its
// deflater's tables are the ones still in the CPU's cache), lets at most
// its size out at once (a further get waits for a put), and drops an
// encoder whose buffers grew past maxPooledBody.
func TestEncoderPool(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		p := newEncoderPool(2)
		a, b := p.get(), p.get()
		if a == b {
			t.Fatal("an empty pool gave the same encoder twice")
		}
		got := make(chan *encoder)
		go func() { got <- p.get() }()
		synctest.Wait()
		select {
		case <-got:
			t.Fatal("a third get did not wait with two encoders out of a pool of 2")
		default:
		}
		p.put(a)
		if e := <-got; e != a {
			t.Error("the waiting get did not take the encoder put back")
		}
		p.put(b)
		p.put(a)
		if e := p.get(); e != a {
			t.Error("get did not return the encoder put last")
		}
		if e := p.get(); e != b {
			t.Error("second get did not return the encoder put first")
		}
		b.buf.Grow(2 * maxPooledBody)
		p.put(b)
		if e := p.get(); e == b {
			t.Error("an encoder with a buffer past maxPooledBody was kept")
		}
	})
}
