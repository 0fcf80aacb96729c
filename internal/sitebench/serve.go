package sitebench

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"strings"
	"time"
)

// serveDir serves dir on a free loopback port until ctx ends; it returns
// the base URL (no trailing slash) and a function that stops the server.
func serveDir(dir string) (string, func(), error) {
	fi, err := os.Stat(dir)
	if err != nil {
		return "", nil, fmt.Errorf("sitebench: site: %w", err)
	}
	if !fi.IsDir() {
		return "", nil, fmt.Errorf("sitebench: site %s is not a directory", dir)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", nil, fmt.Errorf("sitebench: listen: %w", err)
	}
	srv := &http.Server{Handler: http.FileServer(http.Dir(dir)), ReadHeaderTimeout: 10 * time.Second}
	go func() {
		if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			fmt.Fprintf(os.Stderr, "sitebench: serve %s: %v\n", dir, err)
		}
	}()
	stop := func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		srv.Shutdown(ctx)
	}
	return "http://" + ln.Addr().String(), stop, nil
}

// withSite replaces every {site} in a configuration's text by base.
func withSite(yaml []byte, base string) []byte {
	return []byte(strings.ReplaceAll(string(yaml), "{site}", base))
}
