package redisfrontier

// Abandon stops f's heartbeat without giving its links back, as a process
// killed with SIGKILL would (for tests).
func Abandon(f *Frontier) {
	f.mu.Lock()
	f.closed = true
	f.mu.Unlock()
	close(f.stopBeat)
	<-f.beatDone
}
