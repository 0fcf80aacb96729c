package fpc

import "encoding/binary"

// Fingerprints is the number of ordered fingerprints of a cluster.
const Fingerprints = 32

// fingerprintValues is how many tag-attribute values enter the bitsets:
// the ones with the smallest hashes (a bottom-k sample, which similar
// centres share). With all of a page's values — often hundreds — a 128-bit
// set fills up and every cluster shares every fingerprint; with 32 values
// each bitset is about a quarter full. Chosen from that arithmetic, not
// tuned.
const fingerprintValues = 32

// fingerprints is algorithm 2: for each of 4 hash functions, set bit
// H_i(v) mod 128 of a 128-bit zero bitset for every tag-attribute value v
// of the centre (its fingerprintValues smallest hashes), and cut the bitset
// into eight 16-bit fingerprints.
func fingerprints(tagAttr []uint64) [Fingerprints]uint16 {
	if len(tagAttr) > fingerprintValues {
		tagAttr = tagAttr[:fingerprintValues] // sorted: the smallest hashes
	}
	var out [Fingerprints]uint16
	for i := range 4 {
		var x [2]uint64
		for _, v := range tagAttr {
			b := mix(v, uint64(i)) % 128
			x[b/64] |= 1 << (b % 64)
		}
		var buf [16]byte
		binary.LittleEndian.PutUint64(buf[:8], x[0])
		binary.LittleEndian.PutUint64(buf[8:], x[1])
		for j := range 8 {
			out[i*8+j] = binary.LittleEndian.Uint16(buf[2*j:])
		}
	}
	return out
}

// mix is the i-th hash function: a SplitMix64 finaliser of v seeded by i.
func mix(v, i uint64) uint64 {
	z := v + (i+1)*0x9E3779B97F4A7C15
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
	z = (z ^ (z >> 27)) * 0x94D049BB133111EB
	return z ^ (z >> 31)
}

// index holds the 32 inverted indexes: position j, fingerprint value →
// the clusters whose j-th fingerprint has that value.
type index [Fingerprints]map[uint16][]int64

func newIndex() *index {
	var ix index
	for j := range ix {
		ix[j] = map[uint16][]int64{}
	}
	return &ix
}

func (ix *index) add(id int64, fp [Fingerprints]uint16) {
	for j, v := range fp {
		ix[j][v] = append(ix[j][v], id)
	}
}

func (ix *index) remove(id int64, fp [Fingerprints]uint16) {
	for j, v := range fp {
		l := ix[j][v]
		for k, x := range l {
			if x == id {
				l = append(l[:k], l[k+1:]...)
				break
			}
		}
		if len(l) == 0 {
			delete(ix[j], v)
		} else {
			ix[j][v] = l
		}
	}
}

// candidates returns the clusters sharing more than 32·beta fingerprints
// with fp (algorithm 3's candidate set).
func (ix *index) candidates(fp [Fingerprints]uint16, beta float64) []int64 {
	counts := map[int64]int{}
	for j, v := range fp {
		for _, id := range ix[j][v] {
			counts[id]++
		}
	}
	need := float64(Fingerprints) * beta
	var out []int64
	for id, n := range counts {
		if float64(n) > need {
			out = append(out, id)
		}
	}
	return out
}
