//go:build !amd64 || purego

package fpc

// commonDot is the common tags' part of layerDot.
func commonDot(a, b *layerIndex) float32 { return commonDotGo(a, b) }
