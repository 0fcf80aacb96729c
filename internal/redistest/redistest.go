package redistest

import (
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
)

// RequireEnv names the environment variable that turns a missing
// redis-server from a skip into a failure.
const RequireEnv = "CRAWL_REQUIRE_REDIS"

// Options configure a server.
type Options struct {
	// AppendOnly turns AOF on (appendonly yes, appendfsync everysec), so a
	// restart keeps the data.
	AppendOnly bool
}

// Server is one running redis-server.
type Server struct {
	t    testing.TB
	bin  string
	dir  string
	port int
	opts Options
	cmd  *exec.Cmd
	exit chan error
}

// Binary returns the path of redis-server, or "" when there is none.
func Binary() string {
	if p, err := exec.LookPath("redis-server"); err == nil {
		return p
	}
	if _, err := os.Stat("/usr/bin/redis-server"); err == nil {
		return "/usr/bin/redis-server"
	}
	return ""
}

// Start starts a redis-server for the test and stops it when the test ends.
// Without redis-server it skips the test, or fails it when
// CRAWL_REQUIRE_REDIS=1.
func Start(t testing.TB, opts Options) *Server {
	t.Helper()
	bin := Binary()
	if bin == "" {
		if os.Getenv(RequireEnv) == "1" {
			t.Fatalf("redistest: redis-server not found and %s=1 (apt-get install redis-server)", RequireEnv)
		}
		t.Skipf("redistest: redis-server not installed (set %s=1 to make this a failure)", RequireEnv)
	}
	s := &Server{t: t, bin: bin, dir: t.TempDir(), opts: opts}
	if err := s.start(0); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Stop)
	return s
}

// start runs redis-server on port (0: a free one) and waits for PING.
func (s *Server) start(port int) error {
	for attempt := 0; attempt < 5; attempt++ {
		p := port
		if p == 0 {
			var err error
			if p, err = freePort(); err != nil {
				return err
			}
		}
		args := []string{
			"--port", strconv.Itoa(p), "--bind", "127.0.0.1", "--dir", s.dir,
			"--save", "", "--daemonize", "no", "--protected-mode", "yes",
			"--logfile", filepath.Join(s.dir, "redis.log"),
		}
		if s.opts.AppendOnly {
			args = append(args, "--appendonly", "yes", "--appendfsync", "everysec")
		} else {
			args = append(args, "--appendonly", "no")
		}
		cmd := exec.Command(s.bin, args...)
		if err := cmd.Start(); err != nil {
			return fmt.Errorf("redistest: start %s: %w", s.bin, err)
		}
		exit := make(chan error, 1)
		go func() { exit <- cmd.Wait() }()
		s.cmd, s.exit, s.port = cmd, exit, p
		if err := s.waitPing(exit); err == nil {
			return nil
		} else if port != 0 {
			return err
		}
		// The free port was taken between our probe and the server's bind: try another.
	}
	return fmt.Errorf("redistest: redis-server did not start; log:\n%s", s.log())
}

func (s *Server) waitPing(exit chan error) error {
	deadline := time.Now().Add(20 * time.Second)
	c := redis.NewClient(&redis.Options{Addr: s.Addr(), MaxRetries: -1, DialTimeout: time.Second})
	defer c.Close()
	for time.Now().Before(deadline) {
		select {
		case err := <-exit:
			exit <- err
			return fmt.Errorf("redistest: redis-server exited: %v", err)
		default:
		}
		if c.Ping(context.Background()).Err() == nil {
			return nil
		}
		time.Sleep(20 * time.Millisecond)
	}
	return fmt.Errorf("redistest: no PING answer from %s in 20s", s.Addr())
}

func (s *Server) log() string {
	b, _ := os.ReadFile(filepath.Join(s.dir, "redis.log"))
	return string(b)
}

func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, fmt.Errorf("redistest: free port: %w", err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

// Addr is host:port of the server.
func (s *Server) Addr() string { return fmt.Sprintf("127.0.0.1:%d", s.port) }

// URL is the server's redis:// URL with database db.
func (s *Server) URL(db int) string { return fmt.Sprintf("redis://%s/%d", s.Addr(), db) }

// Client returns a client of the server, closed when the test ends.
func (s *Server) Client() *redis.Client {
	c := redis.NewClient(&redis.Options{Addr: s.Addr()})
	s.t.Cleanup(func() { c.Close() })
	return c
}

// Stop shuts the server down (SIGTERM: with AOF on, the data is flushed
// to disk first) and waits for it to exit. Stopping a stopped server does
// nothing.
func (s *Server) Stop() {
	if s.cmd == nil {
		return
	}
	s.cmd.Process.Signal(os.Interrupt)
	select {
	case <-s.exit:
	case <-time.After(20 * time.Second):
		s.cmd.Process.Kill()
		<-s.exit
	}
	s.cmd = nil
}

// Restart stops the server and starts it again on the same port and
// directory (with AOF on, with the same data).
func (s *Server) Restart() {
	s.t.Helper()
	s.Stop()
	if err := s.start(s.port); err != nil {
		s.t.Fatal(err)
	}
}

// UsedMemory returns INFO memory's used_memory in bytes.
func UsedMemory(ctx context.Context, c *redis.Client) (int64, error) {
	info, err := c.Info(ctx, "memory").Result()
	if err != nil {
		return 0, fmt.Errorf("redistest: info memory: %w", err)
	}
	for _, line := range strings.Split(info, "\n") {
		if v, ok := strings.CutPrefix(strings.TrimSpace(line), "used_memory:"); ok {
			return strconv.ParseInt(v, 10, 64)
		}
	}
	return 0, fmt.Errorf("redistest: info memory has no used_memory")
}
