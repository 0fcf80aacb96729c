package hub

import (
	"bytes"
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"

	"github.com/crawl-project/crawl/classifiers/svm"
)

// A model bundle is a directory of three files:
//
//	hub.model      the C-SVC in LIBSVM's model format (svm-predict reads it)
//	hub.range      the feature ranges in svm-scale's format (svm-scale -r reads it)
//	features.json  format version, feature names, text-value tables, training info,
//	               and the anchor layer when the classifier has one
//
// To use hub.model with svm-predict, write the raw feature vectors (Extract)
// in LIBSVM format leaving out missing features, scale them with
// svm-scale -r hub.range, and drop the scaled entries of missing features
// (svm-scale would scale an absent feature as 0; this package gives it the
// neutral scaled value 0, i.e. leaves it out).
const (
	ModelFile    = "hub.model"
	RangeFile    = "hub.range"
	FeaturesFile = "features.json"
	bundleFormat = "crawl-hub/2"
	// bundleFormat1 bundles (before the anchor layer) load unchanged: they
	// differ only in having no "anchor" entry.
	bundleFormat1 = "crawl-hub/1"
)

type featuresJSON struct {
	Format   string       `json:"format"`
	Features []string     `json:"features"`
	Missing  string       `json:"missing"`
	Tables   Tables       `json:"tables"`
	Info     Info         `json:"info"`
	Anchor   *AnchorLayer `json:"anchor,omitempty"`
}

// Save writes the bundle into dir, creating it when needed.
func (c *Classifier) Save(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("hub: save: %w", err)
	}
	var m, r bytes.Buffer
	if err := c.model.Write(&m); err != nil {
		return fmt.Errorf("hub: save model: %w", err)
	}
	if err := c.scaler.WriteRanges(&r); err != nil {
		return fmt.Errorf("hub: save ranges: %w", err)
	}
	meta := featuresJSON{
		Format: bundleFormat, Features: FeatureNames(), Tables: c.tables, Info: c.info, Anchor: c.anchor,
		Missing: "missing features (anchor_len, page_size_log2, crawl_depth when unknown) take the scaled value 0, i.e. are omitted from the scaled LIBSVM vector",
	}
	j, err := json.MarshalIndent(meta, "", "  ")
	if err != nil {
		return fmt.Errorf("hub: save features: %w", err)
	}
	for name, b := range map[string][]byte{ModelFile: m.Bytes(), RangeFile: r.Bytes(), FeaturesFile: append(j, '\n')} {
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			return fmt.Errorf("hub: save: %w", err)
		}
	}
	return nil
}

// Load reads a bundle directory written by Save.
func Load(dir string) (*Classifier, error) {
	return LoadFS(os.DirFS(dir), ".")
}

// LoadFS reads a bundle from directory dir of fsys.
func LoadFS(fsys fs.FS, dir string) (*Classifier, error) {
	read := func(name string) ([]byte, error) {
		b, err := fs.ReadFile(fsys, path.Join(dir, name))
		if err != nil {
			return nil, fmt.Errorf("hub: load bundle: %w", err)
		}
		return b, nil
	}
	j, err := read(FeaturesFile)
	if err != nil {
		return nil, err
	}
	var meta featuresJSON
	if err := json.Unmarshal(j, &meta); err != nil {
		return nil, fmt.Errorf("hub: load %s: %w", FeaturesFile, err)
	}
	if (meta.Format != bundleFormat && meta.Format != bundleFormat1) || !slices.Equal(meta.Features, FeatureNames()) {
		return nil, fmt.Errorf("hub: load %s: format %q with features %v, want %q with %v",
			FeaturesFile, meta.Format, meta.Features, bundleFormat, FeatureNames())
	}
	if meta.Anchor != nil && meta.Format == bundleFormat1 {
		return nil, fmt.Errorf("hub: load %s: format %q with an anchor layer, which needs format %q",
			FeaturesFile, meta.Format, bundleFormat)
	}
	c := &Classifier{tables: meta.Tables, info: meta.Info, anchor: meta.Anchor}
	m, err := read(ModelFile)
	if err != nil {
		return nil, err
	}
	if c.model, err = svm.ReadModel(bytes.NewReader(m)); err != nil {
		return nil, fmt.Errorf("hub: load %s: %w", ModelFile, err)
	}
	r, err := read(RangeFile)
	if err != nil {
		return nil, err
	}
	if c.scaler, err = svm.ReadRanges(bytes.NewReader(r)); err != nil {
		return nil, fmt.Errorf("hub: load %s: %w", RangeFile, err)
	}
	labels := c.model.Labels()
	if len(labels) != 2 || !slices.Contains(labels, labelHub) || !slices.Contains(labels, labelTopic) {
		return nil, fmt.Errorf("hub: load %s: labels %v, want 1 (hub) and -1 (topic)", ModelFile, labels)
	}
	if lo, hi := c.scaler.Bounds(); lo != -1 || hi != 1 {
		return nil, fmt.Errorf("hub: load %s: scaling to [%g, %g], want [-1, 1]", RangeFile, lo, hi)
	}
	c.hubPos = labels[0] == labelHub
	return c, nil
}

//go:embed model
var defaultModel embed.FS

// Default returns the classifier shipped with the package, trained on the
// UCI News Aggregator URLs (see README.md for the exact command).
func Default() (*Classifier, error) {
	return LoadFS(defaultModel, "model")
}
