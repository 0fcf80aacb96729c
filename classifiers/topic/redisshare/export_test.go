package redisshare

import "context"

// Exchange makes one send and one receive of s's loop now, as a tick of
// its pump does, for tests that must order them against other processes'
// (a StatsConfig.Every longer than the test keeps the pump's own ticks
// out of the way).
func (s *StatsShare) Exchange(ctx context.Context) error {
	if err := s.send(ctx); err != nil {
		return err
	}
	return s.receive(ctx)
}
