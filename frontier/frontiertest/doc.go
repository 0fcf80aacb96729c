// Package frontiertest is the conformance suite every frontier.Frontier
// backend must pass: best-first order, FIFO among equal priorities,
// de-duplication, Drops (frontier.Dropper), scope, per-host readiness,
// ErrEmpty/ErrNotReady, concurrent use and Close.
package frontiertest
