package topic

// The seed pages' own text (issue 13: a harvest that means something).
// A seed page's leave-one-out cosine stands for how close a page of the
// topic is to seeds it did not make. Seed pages picked by hand are often
// siblings, generated or written from one pattern, that repeat passages
// word for word: Javadoc's HashMap, ArrayList and TreeMap each carry the
// paragraph "Note that this implementation is not synchronized. If
// multiple threads access … fail-fast …" that about fifteen of java.util's
// pages have and the rest of the collections do not. Their cosine to each
// other is then mostly that passage (ArrayList to TreeMap 0.405, of which
// the passage's words carry most), not how close two pages of the topic
// are, and the threshold lands above what the topic's other pages reach.
// The leave-one-out cosine is therefore taken from each seed page's own
// text: its words outside any run of shingleLen words that another seed
// page holds too, against the other seed pages as they are (the centroid
// is unchanged).

// shingleLen is the length of a run of words that, found in two seed
// pages, counts as a passage they share rather than words of their topic.
const shingleLen = 8

// ownWords returns, for each of the seed pages' words, those outside
// every run of shingleLen words that another of the pages also holds, or
// nil for a page none of whose runs another holds (its own text is all of
// it).
func ownWords(words [][]string) [][]string {
	if len(words) < 2 {
		return make([][]string, len(words))
	}
	hashes := make([][]uint64, len(words))
	n := 0
	for k, ws := range words {
		hashes[k] = shingles(ws)
		n += len(hashes[k])
	}
	first := make(map[uint64]int, n) // a run's hash → the first page holding it, or -1 once two do
	for k := range words {
		for _, h := range hashes[k] {
			switch p, ok := first[h]; {
			case !ok:
				first[h] = k
			case p != k:
				first[h] = -1
			}
		}
	}
	out := make([][]string, len(words))
	for k, ws := range words {
		shared := make([]bool, len(ws))
		sharesRun := false
		for i, h := range hashes[k] {
			if first[h] == -1 {
				sharesRun = true
				for j := i; j < i+shingleLen; j++ {
					shared[j] = true
				}
			}
		}
		if !sharesRun {
			continue
		}
		own := make([]string, 0, len(ws))
		for i, w := range ws {
			if !shared[i] {
				own = append(own, w)
			}
		}
		out[k] = own
	}
	return out
}

// shingles are the hashes of every run of shingleLen words of ws, by
// where the run starts: each word hashed once (FNV-1a, 64 bits), a run's
// hash folded from its words' hashes.
func shingles(ws []string) []uint64 {
	if len(ws) < shingleLen {
		return nil
	}
	wh := make([]uint64, len(ws))
	for i, w := range ws {
		h := uint64(14695981039346656037)
		for j := 0; j < len(w); j++ {
			h = (h ^ uint64(w[j])) * 1099511628211
		}
		wh[i] = h
	}
	out := wh[: len(ws)-shingleLen+1 : len(ws)-shingleLen+1]
	for i := range out {
		h := uint64(14695981039346656037)
		for _, x := range wh[i : i+shingleLen] {
			h = (h ^ x) * 1099511628211
		}
		out[i] = h // wh[i] is read before it is overwritten, and never again
	}
	return out
}
