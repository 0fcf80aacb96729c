// Command crawl runs a focused crawl from a YAML configuration and offers the
// tools around it: export, demo-site, hub, cluster, extract, topics and status
// (a distributed crawl's state in Redis).
package main
