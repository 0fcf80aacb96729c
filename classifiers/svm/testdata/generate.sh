#!/bin/sh
# Regenerates the golden files of package svm with LIBSVM's own tools
# (Debian libsvm-tools 3.24: svm-scale, svm-train, svm-predict).
# Run from classifiers/svm:  sh testdata/generate.sh
set -eu
cd "$(dirname "$0")"
# urls.tsv is committed; it was drawn from the shared data with
#   go run ./gen -sample ../../../../shared/data/urls/urls.tsv > urls.tsv
go run ./gen -urls urls.tsv > urls.libsvm
go run ./gen -blobs 600 > blobs.libsvm

for set in urls blobs; do
	head -n "$( [ $set = urls ] && echo 1400 || echo 400 )" $set.libsvm > $set.train
	tail -n +"$( [ $set = urls ] && echo 1401 || echo 401 )" $set.libsvm > $set.test
	svm-scale -l -1 -u 1 -s $set.range $set.train > $set.train.scale
	svm-scale -r $set.range $set.test > $set.test.scale
	rm $set.train $set.test
done

# Binary RBF with defaults (C=1, gamma=1/10).
svm-train urls.train.scale urls.model > /dev/null
svm-predict urls.test.scale urls.model urls.predict > /dev/null
# Binary RBF with probability estimates.
svm-train -c 4 -g 0.5 -b 1 urls.train.scale urls.b.model > /dev/null
svm-predict -b 1 urls.test.scale urls.b.model urls.b.predict > /dev/null
# Linear kernel with class weights.
svm-train -t 0 -c 2 -w-1 3 urls.train.scale urls.linear.model > /dev/null
svm-predict urls.test.scale urls.linear.model urls.linear.predict > /dev/null
# 10-fold CV accuracy (percentage) of the default parameters.
svm-train -v 10 urls.train.scale | sed -n 's/^Cross Validation Accuracy = \([0-9.]*\)%.*/\1/p' > urls.cv

# Four classes, one-vs-one, with probabilities.
svm-train -c 2 -g 0.5 -b 1 blobs.train.scale blobs.model > /dev/null
svm-predict -b 1 blobs.test.scale blobs.model blobs.predict > /dev/null
svm-predict blobs.test.scale blobs.model blobs.votes.predict > /dev/null
svm-train -v 10 -c 2 -g 0.5 blobs.train.scale | sed -n 's/^Cross Validation Accuracy = \([0-9.]*\)%.*/\1/p' > blobs.cv
