package hub

import (
	"fmt"
	"strings"
)

// Classes of the three text-valued features, as in the paper.
const (
	// File-name classes (feature ④).
	NameEmpty   = iota // no file name: the URL is a directory
	NameHubWord        // contains class, index, default or list
	NameArticle        // contains article or content
	NameOther
	numNameClasses
)

const (
	// File-type classes (feature ⑤).
	TypeEmpty   = iota // no extension
	TypeDynamic        // asp, jsp, aspx, php
	TypeStatic         // shtml, html, htm
	TypeOther
	numTypeClasses
)

const (
	// Parameter-name classes (feature ⑥).
	ParamEmpty = iota // no query
	ParamID           // some parameter name contains "id"
	ParamOther
	numParamClasses
)

// Tables hold the numbers the text-valued features take: for each class,
// the share of the training hub pages in that class ×100, as the paper
// computes them from 500 hub pages. Train learns them; PaperTables are the
// paper's own values.
type Tables struct {
	FileName  [numNameClasses]float64  `json:"file_name_class"` // NameEmpty, NameHubWord, NameArticle, NameOther
	FileType  [numTypeClasses]float64  `json:"file_type"`       // TypeEmpty, TypeDynamic, TypeStatic, TypeOther
	ParamName [numParamClasses]float64 `json:"param_name"`      // ParamEmpty, ParamID, ParamOther
	HubCount  int                      `json:"hub_count"`       // hub pages they were counted over (0: the paper's table)
}

// PaperTables returns the paper's values (500 hub pages of 50 Chinese
// sites), the fallback when training data has no hub pages.
func PaperTables() Tables {
	return Tables{
		FileName:  [numNameClasses]float64{60.4, 30.6, 0, 9},
		FileType:  [numTypeClasses]float64{60.4, 24.6, 15, 0},
		ParamName: [numParamClasses]float64{82.4, 10.4, 7.2},
	}
}

// LearnTables counts the classes of the hub URLs among urls (hub[i] tells
// whether urls[i] is a hub page) and returns the shares ×100. Without any
// hub URL it returns PaperTables.
func LearnTables(urls []string, hub []bool) (Tables, error) {
	if len(urls) != len(hub) {
		return Tables{}, fmt.Errorf("hub: learn tables: %d URLs but %d labels", len(urls), len(hub))
	}
	var t Tables
	for i, u := range urls {
		if !hub[i] {
			continue
		}
		p := splitURL(u)
		t.FileName[fileNameClass(p.file)]++
		t.FileType[fileTypeClass(p.ext)]++
		t.ParamName[paramClass(p.query)]++
		t.HubCount++
	}
	if t.HubCount == 0 {
		return PaperTables(), nil
	}
	scale := 100 / float64(t.HubCount)
	for i := range t.FileName {
		t.FileName[i] *= scale
	}
	for i := range t.FileType {
		t.FileType[i] *= scale
	}
	for i := range t.ParamName {
		t.ParamName[i] *= scale
	}
	return t, nil
}

// fileNameClass classifies the file name (last path segment of a URL not
// ending in '/') in one pass: a hub word (class, index, default, list)
// anywhere wins over an article word (article, content).
func fileNameClass(file string) int {
	if file == "" {
		return NameEmpty
	}
	class := NameOther
	for i := 0; i < len(file); i++ {
		if byteClass[file[i]]&classNameWord == 0 {
			continue
		}
		rest := file[i:]
		switch lower(file[i]) {
		case 'c':
			if hasPrefixFold(rest, "class") {
				return NameHubWord
			}
			if hasPrefixFold(rest, "content") {
				class = NameArticle
			}
		case 'i':
			if hasPrefixFold(rest, "index") {
				return NameHubWord
			}
		case 'd':
			if hasPrefixFold(rest, "default") {
				return NameHubWord
			}
		case 'l':
			if hasPrefixFold(rest, "list") {
				return NameHubWord
			}
		case 'a':
			if hasPrefixFold(rest, "article") {
				class = NameArticle
			}
		}
	}
	return class
}

func hasPrefixFold(s, lowerWord string) bool {
	return len(s) >= len(lowerWord) && equalFold(s[:len(lowerWord)], lowerWord)
}

// fileTypeClass classifies a file extension, ignoring ASCII case.
func fileTypeClass(ext string) int {
	switch k := extKey(ext); k {
	case 0:
		return TypeEmpty
	case dynamicExts[0], dynamicExts[1], dynamicExts[2], dynamicExts[3]:
		return TypeDynamic
	case staticExts[0], staticExts[1], staticExts[2]:
		return TypeStatic
	}
	return TypeOther
}

var (
	dynamicExts = [...]uint64{extKey("asp"), extKey("jsp"), extKey("aspx"), extKey("php")}
	staticExts  = [...]uint64{extKey("shtml"), extKey("html"), extKey("htm")}
)

// extKey packs the length and the lower-cased bytes of an extension of at
// most 7 bytes into one integer, so that two extensions are equal but for
// ASCII case exactly when their keys are. Longer extensions, which match
// no class, give 1<<63; "" gives 0.
func extKey(ext string) uint64 {
	if len(ext) > 7 {
		return 1 << 63
	}
	key := uint64(len(ext))
	for i := 0; i < len(ext); i++ {
		key = key<<8 | uint64(lower(ext[i]))
	}
	return key
}

// paramClass classifies the parameter names of a query.
func paramClass(q string) int {
	if q == "" {
		return ParamEmpty
	}
	start := 0
	for i := 0; i <= len(q); i++ {
		if i == len(q) || q[i] == '&' || q[i] == ';' {
			name := q[start:i]
			if k := strings.IndexByte(name, '='); k >= 0 {
				name = name[:k]
			}
			if containsFold(name, "id") {
				return ParamID
			}
			start = i + 1
		}
	}
	return ParamOther
}

func equalFold(s, lowerWord string) bool {
	if len(s) != len(lowerWord) {
		return false
	}
	for i := 0; i < len(s); i++ {
		if lower(s[i]) != lowerWord[i] {
			return false
		}
	}
	return true
}
