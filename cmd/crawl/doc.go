// Command crawl runs a focused crawl from a YAML configuration and offers the
// tools around it: export, demo-site, hub, cluster, extract and topics.
package main
