// Package queue is the in-memory machinery both frontier backends share:
// per-host back queues under a heap of hosts ordered by their best entry
// (best first, FIFO among equal priorities, the focus margin), their
// rescoring, and the Recent set of URLs recently confirmed seen.
//
// Files:
//   - queue.go: Entry, Better, CleanPriority, Queues (Push, Pop, Drain, WithinMargin).
//   - rescore.go: Queues.Rescore, Queues.Each.
//   - recent.go: Recent, NewRecent, DefaultRecent.
package queue
