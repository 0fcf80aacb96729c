package hub

import (
	"errors"
	"fmt"
)

// CrossValidate estimates hub F1 on unseen sites by host-grouped k-fold
// cross-validation: the hosts are dealt into k folds by a seeded hash (no
// host in two folds), and each fold is classified by a model trained with
// opts on the other k−1, text-value tables and feature ranges included.
// Every example is predicted exactly once by a model that never saw its
// host. It returns the pooled metrics and those of each fold.
func CrossValidate(examples []Example, opts TrainOptions, k int, seed int64) (Metrics, []Metrics, error) {
	if k < 2 {
		return Metrics{}, nil, errors.New("hub: cross-validation needs at least 2 folds")
	}
	hosts := make([]string, len(examples))
	for i, e := range examples {
		hosts[i] = e.Host
	}
	fold, err := hostFolds(hosts, k, seed)
	if err != nil {
		return Metrics{}, nil, err
	}
	var pooled Metrics
	folds := make([]Metrics, k)
	for f := 0; f < k; f++ {
		var train, test []Example
		for i, e := range examples {
			if fold[i] == f {
				test = append(test, e)
			} else {
				train = append(train, e)
			}
		}
		c, err := Train(train, opts)
		if err != nil {
			return Metrics{}, nil, fmt.Errorf("hub: fold %d of %d: %w", f+1, k, err)
		}
		for _, e := range test {
			label, _ := c.Classify(e.URLInfo)
			folds[f].Add(e.Hub, IsHub(label))
			pooled.Add(e.Hub, IsHub(label))
		}
	}
	return pooled, folds, nil
}
