// Command cmd runs the harvest harness: it starts the offline demo site and
// crawls it for its sport topic with each strategy, printing true and
// measured harvest rates.
//
//	go run ./internal/harvest/cmd [-seeds 10] [-budget 400] [-strategies bfs,best-first,adaptive]
//	    [-topic sport] [-section] [-maxdepth 0] [-workers 1] [-csv curves.csv] [-curves]
//	    [-draws 5 -rngseed 1] [-linkctx 0.75 -urlwords]
//
// -draws N crawls from N random draws of -seeds articles of the topic
// (harvest.DrawSeeds, PCG seeded by -rngseed and the draw number), every
// strategy on the same draws, and prints each draw and the true harvest
// per strategy over the draws (list, mean, min). -linkctx and -urlwords
// switch on the link-context extension (topic.Config.LinkContext, URLWords).
//
// Other flags override topic.Config thresholds (-terms, -update, -drift,
// -relevance) and engine settings (-perhost, -commit); see -h.
package main
