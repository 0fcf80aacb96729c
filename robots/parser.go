package robots

import (
	"math"
	"strconv"
	"time"
)

// rule is one Allow or Disallow line of a group, its pattern normalized.
type rule struct {
	allow   bool
	pattern string
}

// group is a run of user-agent lines and the lines after them up to the
// next user-agent line that follows a rule.
type group struct {
	agents []string // lower-case product tokens
	global bool     // a "*" user-agent line
	rules  []rule
	delay  time.Duration
	hasDel bool
}

// ruleSet is the merged rules of every group naming one agent (or "*").
type ruleSet struct {
	rules  []rule
	delay  time.Duration
	hasDel bool
}

func (s *ruleSet) merge(g *group) {
	s.rules = append(s.rules, g.rules...)
	if g.hasDel && (!s.hasDel || g.delay > s.delay) {
		s.delay, s.hasDel = g.delay, true
	}
}

// parse builds the groups of a file from its directives. As RFC 9309 §2.1
// and Google's parser: a user-agent line after a rule starts a new group;
// other lines (Sitemap, Crawl-delay, unknown ones) do not end a group;
// rules before the first user-agent line belong to no group and are
// ignored; Sitemap lines may appear anywhere.
func parse(lines []line) (groups []*group, sitemaps []string) {
	var cur *group
	seenRule := false
	for _, l := range lines {
		switch l.kind {
		case keyUserAgent:
			if cur == nil || seenRule {
				cur = &group{}
				groups = append(groups, cur)
				seenRule = false
			}
			cur.addAgent(l.value)
		case keyAllow, keyDisallow:
			if cur == nil {
				continue
			}
			seenRule = true
			cur.rules = append(cur.rules, rule{allow: l.kind == keyAllow, pattern: normalize(l.value)})
		case keyCrawlDelay:
			if d, ok := parseDelay(l.value); ok && cur != nil && (!cur.hasDel || d > cur.delay) {
				cur.delay, cur.hasDel = d, true
			}
		case keySitemap:
			if l.value != "" {
				sitemaps = append(sitemaps, l.value)
			}
		}
	}
	return groups, sitemaps
}

// addAgent adds a user-agent value: "*" (alone or followed by white space,
// as Google reads it) is the global group; anything else is matched by its
// product token, the token characters it starts with ("Foo Bar" and
// "Foo/1.0" name Foo).
func (g *group) addAgent(v string) {
	if len(v) > 0 && v[0] == '*' && (len(v) == 1 || isSpace(v[1])) {
		g.global = true
		return
	}
	if tok := tokenPrefix(v); tok != "" {
		b := []byte(tok)
		for i := range b {
			b[i] = lower(b[i])
		}
		g.agents = append(g.agents, string(b))
	}
}

// parseDelay reads a Crawl-delay value: a non-negative decimal number of
// seconds ("5", "0.5"). Anything else ("5s", "", "-1") is unparseable and
// the line is skipped.
func parseDelay(v string) (time.Duration, bool) {
	f, err := strconv.ParseFloat(v, 64)
	if err != nil || math.IsNaN(f) || f < 0 || f > 1e6 {
		return 0, false
	}
	return time.Duration(f * float64(time.Second)), true
}
