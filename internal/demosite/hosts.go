package demosite

// host is one site of the demo web.
type host struct {
	name   string   // shown in the page header
	topics []string // sections it publishes
	style  style    // its HTML template
	base   string   // "http://127.0.0.1:port" once listening
}

// Host indexes, in the order of Hosts().
const (
	hostGlobe  = 0 // general news, every topic
	hostSport  = 1 // sport
	hostWire   = 2 // business and tech
	hostReview = 3 // politics and entertainment
	hostSearch = 4 // search portal with result lists
)

func newHosts() []*host {
	return []*host{
		{name: "The Daily Globe", topics: Topics, style: globeStyle},
		{name: "Sports Desk", topics: []string{"sport"}, style: sportStyle},
		{name: "Tech & Business Wire", topics: []string{"business", "tech"}, style: wireStyle},
		{name: "The Review", topics: []string{"politics", "entertainment"}, style: reviewStyle},
		{name: "FindNews", style: searchStyle},
	}
}

// hostFor places an article: one in three on the general news site, the
// rest on the specialist site of its topic.
func hostFor(a *article) int {
	if a.id%3 == 0 {
		return hostGlobe
	}
	switch a.topic {
	case "sport":
		return hostSport
	case "business", "tech":
		return hostWire
	default:
		return hostReview
	}
}
