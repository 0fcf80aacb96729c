// Package svm is a C-support-vector classifier written in Go that reads and
// writes LIBSVM's file formats, so models move freely between it and
// svm-train / svm-predict / svm-scale.
//
// Training solves the C-SVC dual by SMO with second-order working-set
// selection (Fan, Chen and Lin 2005) and shrinking, with an LRU cache of
// kernel columns, one-vs-one for more than two classes, per-class C weights
// and optional Platt-scaled probabilities (Lin, Lin and Weng 2007) coupled
// pairwise for multi-class (Wu, Lin and Weng 2004). The algorithms follow
// the published descriptions; no LIBSVM code is copied.
//
// Files:
//
//	problem.go  Node, Problem, ReadProblem, WriteProblem (LIBSVM data format)
//	param.go    KernelType, Param, DefaultParam, validation
//	kernel.go   kernel functions and the LRU column cache (swaps applied in runs)
//	qmatrix.go  the C-SVC matrix Q_ij = y_i y_j K_ij over the cache, dense rows
//	gram.go     Gram: a float32 kernel matrix of a data set that trainings on its
//	            subsets (grid search folds) gather columns from; TrainWithGram
//	gram_mmap.go, gram_heap.go  the matrix's memory, mapped outside the Go heap
//	            on Linux and macOS
//	exp.go      table-driven e^x for x ≤ 0 inside the RBF kernel loop (rbfTerms)
//	solver.go   SMO: working-set selection, two-variable update
//	merge.go    merging repeated instances (used by cross-validation)
//	shrink.go   shrinking, gradient reconstruction, rho
//	train.go    Train: class grouping, one-vs-one, support-vector layout
//	model.go    Model, Predict, PredictValues, Decision, DecisionDense
//	fastpath.go binary models: support vectors merged, unused features dropped,
//	            coordinates interleaved four vectors at a time; x's zeros skipped
//	prob.go     Platt sigmoid fit, PredictProbability, pairwise coupling
//	modelio.go  ReadModel, LoadModel, Write, SaveModel (LIBSVM model format)
//	scale.go    Scaler: FitScaler, Scale, svm-scale range files
//	cv.go       CrossValidation, Accuracy, GridSearch
//
// A Model is immutable and safe for concurrent use; Predict and Decision do
// not allocate for binary models, and DecisionDense/PredictDense take a
// dense []float64 for callers that build features into a reused buffer.
// Prediction cost grows with the number of distinct support vectors: about
// 9 ns each for RBF on ten features (see BenchmarkPredictDenseRBF).
//
// Training through a Gram (NewGram, TrainWithGram) gives the same model, bit
// for bit, as Train: the matrix holds exactly the float32 values the column
// cache would compute. It costs 4n² bytes for n vectors.
//
// Differences from LIBSVM: only C-SVC is trained (nu-SVC models can be read
// and used for prediction); precomputed kernels (-t 4) are not supported; training
// data with a single class is an error (ErrOneClass) rather than a constant
// model; the Platt-scaling CV and CrossValidation draw their folds from a
// seeded PCG stream, not from C's rand(), so probabilities and CV
// accuracies differ slightly from svm-train's while models and predictions
// match.
package svm
