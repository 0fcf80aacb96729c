package main

import (
	"context"
	"errors"
	"io"
)

// runExtract is a placeholder until its owner lands the real command.
func runExtract(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	return errors.New("not built yet")
}
