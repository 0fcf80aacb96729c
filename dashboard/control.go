package dashboard

import (
	"net/http"
	"slices"
)

// controls are the crawl's control actions in the order the views show them.
var controls = []string{"pause", "resume", "stop"}

// control serves POST /api/control/{pause,resume,stop}: only with a token
// configured (checked, with the header, in serveHTTP) and a running crawl
// that offers the action.
func (s *Server) control(w http.ResponseWriter, r *http.Request) {
	action := r.PathValue("action")
	if !slices.Contains(controls, action) {
		writeError(w, http.StatusNotFound, "no such control: "+action+" (want pause, resume or stop)")
		return
	}
	if s.cfg.Token == "" {
		writeError(w, http.StatusForbidden, "control needs a token: start with -serve-token")
		return
	}
	do, status := s.stop, "stopping"
	switch action {
	case "pause":
		do, status = s.pause, "paused"
	case "resume":
		do, status = s.resume, "running"
	}
	if do == nil {
		writeError(w, http.StatusConflict, "no running crawl to "+action)
		return
	}
	switch s.finishing() {
	case "stopping":
		writeError(w, http.StatusConflict, "the crawl is stopping: nothing to "+action)
		return
	case "ended":
		writeError(w, http.StatusConflict, "the crawl has ended: nothing to "+action)
		return
	}
	do()
	writeJSON(w, http.StatusAccepted, map[string]string{"status": status})
}

// finishing is the state of a live crawl that stopped taking links
// (stopping or ended: runState); "" otherwise.
func (s *Server) finishing() string {
	if s.stats == nil {
		return ""
	}
	if st := runState(s.stats()); st == "stopping" || st == "ended" {
		return st
	}
	return ""
}

// controlsOf lists the control actions a view may offer: those of a live
// crawl still taking links, and only with a token (without one, control
// is refused).
func (s *Server) controlsOf() []string {
	out := []string{}
	if s.cfg.Token == "" || s.finishing() != "" {
		return out
	}
	for _, a := range controls {
		if (a == "stop" && s.stop != nil) || (a != "stop" && s.pause != nil) {
			out = append(out, a)
		}
	}
	return out
}
