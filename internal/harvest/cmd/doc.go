// Command cmd runs the harvest harness: it starts the offline demo site and
// crawls it for its sport topic with each strategy, printing true and
// measured harvest rates.
//
//	go run ./internal/harvest/cmd [-seeds 10] [-budget 400] [-strategies bfs,best-first,adaptive]
//	    [-topic sport] [-section] [-maxdepth 0] [-workers 1] [-csv curves.csv] [-curves]
//
// Other flags override topic.Config thresholds (-terms, -update, -drift,
// -relevance) and engine settings (-perhost, -commit); see -h.
package main
