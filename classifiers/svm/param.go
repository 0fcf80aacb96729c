package svm

import (
	"fmt"
	"math"
)

// KernelType selects the kernel function. The numbering is LIBSVM's
// (-t 0..3).
type KernelType int

// Kernels, with u and v two vectors:
const (
	Linear  KernelType = iota // u·v
	Poly                      // (Gamma·u·v + Coef0)^Degree
	RBF                       // exp(-Gamma·|u-v|²)
	Sigmoid                   // tanh(Gamma·u·v + Coef0)
)

var kernelNames = [...]string{"linear", "polynomial", "rbf", "sigmoid"}

// String returns the kernel's name as LIBSVM model files spell it.
func (k KernelType) String() string {
	if k < 0 || int(k) >= len(kernelNames) {
		return fmt.Sprintf("KernelType(%d)", int(k))
	}
	return kernelNames[k]
}

func parseKernel(s string) (KernelType, error) {
	for i, n := range kernelNames {
		if n == s {
			return KernelType(i), nil
		}
	}
	return 0, fmt.Errorf("unknown kernel_type %q", s)
}

// Param holds the training parameters of a C-SVC. The zero value is not
// usable (C must be positive); start from DefaultParam.
type Param struct {
	Kernel KernelType
	// C is the cost of a margin violation (svm-train -c). Must be > 0.
	C float64
	// Gamma is the kernel width for Poly, RBF and Sigmoid (-g); 0 means
	// 1/num_features, num_features being the largest feature index of the
	// training problem, as svm-train does.
	Gamma float64
	// Coef0 is the constant of the Poly and Sigmoid kernels (-r).
	Coef0 float64
	// Degree is the Poly degree (-d, default 3).
	Degree int
	// Eps is the stopping tolerance of the solver (-e); 0 means 1e-3.
	Eps float64
	// CacheMB is the kernel column cache size in MB (-m); 0 means 100.
	CacheMB float64
	// Shrinking enables the shrinking heuristic (-h 1).
	Shrinking bool
	// Probability trains Platt sigmoids for probability estimates (-b 1).
	Probability bool
	// Weights multiplies C for the class with that label (-wLABEL w).
	// Labels that do not occur in the training data are ignored, as
	// LIBSVM does (it only warns).
	Weights map[float64]float64
}

// DefaultParam returns svm-train's defaults: RBF kernel, C = 1,
// gamma = 1/num_features, degree 3, coef0 0, eps 1e-3, 100 MB cache,
// shrinking on, no probability model.
func DefaultParam() Param {
	return Param{Kernel: RBF, C: 1, Degree: 3, Eps: 1e-3, CacheMB: 100, Shrinking: true}
}

// withDefaults returns param with zero Eps, CacheMB and Gamma replaced by
// their defaults (Gamma from maxIndex) and checks every field.
func (param Param) withDefaults(maxIndex int) (Param, error) {
	if param.Eps == 0 {
		param.Eps = 1e-3
	}
	if param.CacheMB == 0 {
		param.CacheMB = 100
	}
	if param.Gamma == 0 && maxIndex > 0 {
		param.Gamma = 1 / float64(maxIndex)
	}
	if err := param.validate(); err != nil {
		return param, err
	}
	return param, nil
}

func (param Param) validate() error {
	bad := func(v float64) bool { return math.IsNaN(v) || math.IsInf(v, 0) }
	switch {
	case param.Kernel < Linear || param.Kernel > Sigmoid:
		return fmt.Errorf("svm: param: unknown kernel %d", int(param.Kernel))
	case !(param.C > 0) || bad(param.C):
		return fmt.Errorf("svm: param: C = %v, want > 0", param.C)
	case param.Gamma < 0 || bad(param.Gamma):
		return fmt.Errorf("svm: param: gamma = %v, want >= 0", param.Gamma)
	case bad(param.Coef0):
		return fmt.Errorf("svm: param: coef0 = %v is not finite", param.Coef0)
	case param.Kernel == Poly && param.Degree < 0:
		return fmt.Errorf("svm: param: degree = %d, want >= 0", param.Degree)
	case !(param.Eps > 0) || bad(param.Eps):
		return fmt.Errorf("svm: param: eps = %v, want > 0", param.Eps)
	case !(param.CacheMB > 0) || bad(param.CacheMB):
		return fmt.Errorf("svm: param: cache = %v MB, want > 0", param.CacheMB)
	}
	for label, w := range param.Weights {
		if !(w > 0) || bad(w) {
			return fmt.Errorf("svm: param: weight %v for class %v, want > 0", w, label)
		}
	}
	return nil
}
