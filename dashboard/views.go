package dashboard

import (
	"embed"
	"io/fs"
	"net/http"
)

//go:embed assets
var assets embed.FS

// views serves the single-page views and their embedded assets.
func (s *Server) views(m *http.ServeMux) {
	sub, err := fs.Sub(assets, "assets")
	if err != nil {
		panic(err) // the embedded tree is fixed at build time
	}
	files := http.FileServerFS(sub)
	m.Handle("GET /static/", http.StripPrefix("/static/", files))
	m.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Security-Policy", "default-src 'self'; style-src 'self'; img-src 'self' data:")
		http.ServeFileFS(w, r, sub, "index.html")
	})
}
