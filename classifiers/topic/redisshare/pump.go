package redisshare

import (
	"context"
	"log/slog"
	"time"
)

// pump runs a sharer's exchange with Redis on one goroutine: send and
// receive every tick, a last send when closed. Their errors are logged,
// at most once a minute, and the crawl goes on with its own pages.
type pump struct {
	log     *slog.Logger
	warning string // what is logged with an error
	lastLog time.Time
	stop    chan struct{}
	done    chan struct{}
}

// startPump starts the goroutine; log may be nil.
func startPump(every time.Duration, log *slog.Logger, warning string, send, receive func(context.Context) error) *pump {
	if log == nil {
		log = slog.Default()
	}
	p := &pump{log: log, warning: warning, stop: make(chan struct{}), done: make(chan struct{})}
	go p.run(every, send, receive)
	return p
}

func (p *pump) run(every time.Duration, send, receive func(context.Context) error) {
	defer close(p.done)
	t := time.NewTicker(every)
	defer t.Stop()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	for {
		select {
		case <-p.stop:
			p.warn(send(ctx))
			return
		case <-t.C:
			p.warn(send(ctx))
			p.warn(receive(ctx))
		}
	}
}

// close makes the last send and waits for the goroutine to end.
func (p *pump) close() {
	close(p.stop)
	<-p.done
}

// warn logs err, at most once a minute.
func (p *pump) warn(err error) {
	if err == nil || time.Since(p.lastLog) < time.Minute {
		return
	}
	p.lastLog = time.Now()
	p.log.Warn(p.warning, "err", err)
}
