package crawl

import "strings"

// ResourceKind is what a URL's file extension says it points to, before
// anything is fetched.
type ResourceKind int

const (
	// ResourcePage: no extension, or one that pages have (html, php, …) or
	// one not listed here: the URL may be a page.
	ResourcePage ResourceKind = iota
	// ResourceDocument: pdf, office documents, xml. The engine fetches
	// them only if its content-type filter admits them; topic scoring
	// skips them.
	ResourceDocument
	// ResourceMedia: images, audio, video.
	ResourceMedia
	// ResourceArchive: archives, installers, packages, disk images.
	ResourceArchive
	// ResourceAsset: style sheets, scripts, JSON, fonts.
	ResourceAsset
)

// resourceKinds maps lower-case extensions to their kind.
var resourceKinds = func() map[string]ResourceKind {
	m := map[string]ResourceKind{}
	for kind, exts := range map[ResourceKind]string{
		ResourceDocument: "pdf doc docx xls xlsx ppt pptx xml",
		ResourceMedia:    "jpg jpeg png gif webp svg ico bmp tif tiff mp3 mp4 avi mov wmv flv webm ogg wav m4a",
		ResourceArchive:  "zip gz tgz rar 7z tar bz2 xz exe msi dmg apk bin iso deb rpm",
		ResourceAsset:    "css js json woff woff2 ttf eot",
	} {
		for _, e := range strings.Fields(exts) {
			m[e] = kind
		}
	}
	return m
}()

// ResourceOf classifies rawURL by the extension of its path's last segment
// (query and fragment ignored, case-insensitive). It never fails: a URL it
// cannot read is a ResourcePage, left to the fetch to judge.
func ResourceOf(rawURL string) ResourceKind {
	p := rawURL
	if i := strings.IndexAny(p, "?#"); i >= 0 {
		p = p[:i]
	}
	dot := strings.LastIndexByte(p, '.')
	if dot < 0 || strings.LastIndexByte(p, '/') > dot {
		return ResourcePage
	}
	ext := p[dot+1:]
	if len(ext) > 5 {
		return ResourcePage
	}
	var buf [5]byte
	for i := 0; i < len(ext); i++ {
		c := ext[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		buf[i] = c
	}
	return resourceKinds[string(buf[:len(ext)])] // no allocation: the conversion is only a map key
}
