package main

import (
	"context"
	"errors"
	"io"
)

// runCluster is a placeholder until its owner lands the real command.
func runCluster(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	return errors.New("not built yet")
}
