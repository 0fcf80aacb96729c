package demosite

// Text is one corpus article's title and paragraphs, for the other
// loopback test sites (internal/trapsite) that need real text.
type Text struct {
	Topic string
	Title string
	Paras []string
}

// Texts returns the corpus articles in corpus order.
func Texts() ([]Text, error) {
	arts, err := loadCorpus()
	if err != nil {
		return nil, err
	}
	out := make([]Text, len(arts))
	for i, a := range arts {
		out[i] = Text{Topic: a.topic, Title: a.title, Paras: a.paras}
	}
	return out, nil
}
