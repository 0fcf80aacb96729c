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
// (PathExtension: query and fragment ignored, case-insensitive). It never
// fails: a URL it cannot read is a ResourcePage, left to the fetch to judge.
func ResourceOf(rawURL string) ResourceKind {
	ext := PathExtension(rawURL)
	if ext == "" || len(ext) > 5 {
		return ResourcePage
	}
	var buf [5]byte
	return resourceKinds[string(appendLower(buf[:0], ext))] // no allocation: the conversion is only a map key
}

// maxExtension is the longest extension PathExtension returns.
const maxExtension = 16

// PathExtension is the file name extension of rawURL's path, as written
// and without its dot: what follows the last dot of the path's last
// segment, the query, the fragment and ;parameters left out ("PDF" for
// "http://a.test/Report.PDF;s=1?x#y"). It is "" when there is none: no
// path, no dot, a dot file (".htaccess"), or what follows the dot is
// empty, longer than 16 bytes or holds other than ASCII letters, digits,
// '-', '_', '+' and '~'. It does not allocate.
func PathExtension(rawURL string) string {
	p := rawURL
	if i := strings.IndexAny(p, "?#"); i >= 0 {
		p = p[:i]
	}
	if i := strings.Index(p, "://"); i >= 0 {
		p = p[i+3:]
		j := strings.IndexByte(p, '/')
		if j < 0 {
			return "" // a host, no path
		}
		p = p[j:]
	}
	seg := p[strings.LastIndexByte(p, '/')+1:]
	if i := strings.IndexByte(seg, ';'); i >= 0 {
		seg = seg[:i]
	}
	dot := strings.LastIndexByte(seg, '.')
	if dot <= 0 {
		return ""
	}
	ext := seg[dot+1:]
	if ext == "" || len(ext) > maxExtension {
		return ""
	}
	for i := 0; i < len(ext); i++ {
		switch c := ext[i]; {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9', c == '-', c == '_', c == '+', c == '~':
		default:
			return ""
		}
	}
	return ext
}

// appendLower appends s to b with its ASCII letters lower-cased.
func appendLower(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		b = append(b, c)
	}
	return b
}
