// Package relpath tells the relative URL references whose resolution needs
// no URL parser: a path of unreserved characters (letters, digits, and
// ._~-) in non-empty segments between single slashes, none of them "." or
// "..". Resolved against any hierarchical base, such a reference is the
// base's directory followed by the reference as it is, which both the
// frontier's normaliser (frontier.PageNormalizer) and the topic hook's
// link contexts use to skip parsing the bulk of a page's links.
//
// Files:
//   - relpath.go: Plain.
//   - relpath_test.go: Plain against net/url's resolution, FuzzPlain.
package relpath
