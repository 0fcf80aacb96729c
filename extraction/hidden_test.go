package extraction_test

import (
	"os"
	"strings"
	"testing"
)

// TestHiddenByDefaultIsNotRecords: gi-docgen's class pages (GTK, GLib,
// Pango… API references) list the members a class inherits in sections
// of class default-hide, collapsed until the reader opens them. On a real
// page (testdata/hidden/gtk4-class-button.html) those 52 inherited
// methods and properties were the records and the button's own
// constructors, methods and properties none; the collapsed sections are
// hidden like a d-none or hidden one, and the records are the button's
// own.
func TestHiddenByDefaultIsNotRecords(t *testing.T) {
	b, err := os.ReadFile("testdata/hidden/gtk4-class-button.html")
	if err != nil {
		t.Fatal(err)
	}
	recs := extractPage(t, string(b))
	var titles []string
	for _, r := range recs {
		titles = append(titles, field(r, "title"))
	}
	if len(titles) < 19 || titles[0] != "gtk_button_new" {
		t.Fatalf("%d records %q, want the button's 4 constructors, 10 methods and 5 properties first", len(titles), titles)
	}
	for _, ti := range titles {
		if !strings.HasPrefix(ti, "gtk_button_") && !strings.HasPrefix(ti, "Gtk.Button:") {
			t.Errorf("record %q is not one of the button's own members", ti)
		}
	}
}
