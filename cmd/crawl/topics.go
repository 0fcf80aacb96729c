package main

import (
	"context"
	"errors"
	"io"
)

// runTopics is a placeholder until its owner lands the real command.
func runTopics(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	return errors.New("not built yet")
}
