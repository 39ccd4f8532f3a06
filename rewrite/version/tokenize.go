package version

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/rewrite"
)

// The IUC version tokens.
const (
	ToolVersionToken   = "@TOOL_VERSION@"
	VersionSuffixToken = "@VERSION_SUFFIX@"
	// TokenizedVersion is the version attribute a tokenized tool writes.
	TokenizedVersion = ToolVersionToken + "+galaxy" + VersionSuffixToken
)

// tokenNames are the tokens a tokenization defines, in the order it
// writes them.
var tokenNames = []string{ToolVersionToken, VersionSuffixToken}

// galaxySuffix matches a literal version "<base>+galaxy<suffix>"; "@"
// keeps a tokenized one out.
var galaxySuffix = regexp.MustCompile(`^([^@]+)\+galaxy([^@]*)$`)

// TokenizeOptions configure [Tokenize] and [TokenizeShared].
type TokenizeOptions struct {
	Macros macros.Options // how imports resolve
	// MacrosFile, when set, is the name of a macro file beside the tool
	// (a plain file name, such as macros.xml) that receives the token
	// definitions instead of the tool's own <macros>; the tool imports it.
	// It is created when absent.
	MacrosFile string
	// AdoptSuffix tokenizes a tool whose bare version equals a package
	// requirement's, giving it the suffix +galaxy0: the published version
	// changes. Not with MacrosFile.
	AdoptSuffix bool
}

// Tokenized is what the tokenization makes of one tool.
type Tokenized struct {
	File string // the tool
	// Skip says why the tool is left as it is; "" when it is tokenized.
	Skip string
	// Base and Suffix are the values of @TOOL_VERSION@ and
	// @VERSION_SUFFIX@.
	Base, Suffix string
	// Files holds the new bytes of every file the change writes, by name:
	// the tool, and the macro file when the tokens go to one.
	Files map[string][]byte
	// MacrosFile is the macro file that receives the tokens, "" when they
	// go to the tool's own <macros>; Created says it is new.
	MacrosFile string
	Created    bool
	Adopted    bool // the version gained +galaxy0 (AdoptSuffix)
}

// candidate is a tool the tokenization applies to, before the tokens are
// placed.
type candidate struct {
	r            *reading
	base, suffix string
	edits        []rewrite.Edit // the version and the requirements retargeted
	missing      []string       // the tokens the tool's view does not define
	adopt        bool
}

// want returns the value the tokenization gives token name.
func (c *candidate) want(name string) string {
	if name == ToolVersionToken {
		return c.base
	}
	return c.suffix
}

// Tokenize factors the literal version="<base>+galaxy<suffix>" of t into
// @TOOL_VERSION@+galaxy@VERSION_SUFFIX@: every package <requirement>
// pinning <base>, written in the tool, becomes @TOOL_VERSION@, and the
// two tokens are defined in the tool's <macros> (created when the tool
// has none) or, with opts.MacrosFile, in that file. A token the tool's
// view defines already, in the tool or an imported macro file, is used
// as it is when its value is the one the tokenization would give it. The
// result is kept only when Galaxy's expanded view of the tool does not
// change (an empty <macros> apart, which Galaxy reads as none); otherwise
// Skip says why. The error is for a file that is not a tool and for an
// expansion stopped by its bounds or context.
func Tokenize(t Tool, opts TokenizeOptions) (*Tokenized, error) {
	if opts.MacrosFile != "" {
		out, err := TokenizeShared([]Tool{t}, opts, nil)
		if err != nil {
			return nil, err
		}
		return out[0], nil
	}
	res := &Tokenized{File: t.File}
	c, skip, err := analyze(t, opts)
	if err != nil || skip != "" {
		res.Skip = skip
		return res, err
	}
	res.Base, res.Suffix, res.Adopted = c.base, c.suffix, c.adopt
	edits := slices.Clone(c.edits)
	if len(c.missing) > 0 {
		var texts []string
		for _, n := range c.missing {
			texts = append(texts, tokenElement(n, c.want(n)))
		}
		edits = append(edits, c.place(texts))
	}
	out, err := rewrite.Apply(c.r.tree.Source(), edits)
	if err != nil {
		res.Skip = "the edits do not apply: " + err.Error()
		return res, nil
	}
	if _, err := c.r.gate(out, nil, c.allow()); err != nil {
		res.Skip = c.refusal(err)
		return res, nil
	}
	res.Files = map[string][]byte{t.File: out}
	return res, nil
}

// allow returns the view changes the candidate's tokenization may make.
func (c *candidate) allow() []*rewrite.ViewChange {
	if c.adopt {
		return []*rewrite.ViewChange{MacrosBlock, SuffixAdopted}
	}
	return []*rewrite.ViewChange{MacrosBlock}
}

// refusal is the skip reason of a candidate whose change the gate
// refuses.
func (c *candidate) refusal(err error) string {
	if c.adopt {
		return "adopting +galaxy0 would change more than the version (could not prove the controlled change): " + gateDetail(err)
	}
	return "expansion-equality gate could not prove the tokenization a no-op, left untouched: " + gateDetail(err)
}

// place returns the edit writing texts as the first children of the
// tool's own <macros>, or of a new <macros> block when it has none.
func (c *candidate) place(texts []string) rewrite.Edit {
	unit := indentUnit(c.r.tree)
	if m := c.r.tree.RootElement().Element("macros"); m.IsValid() {
		return insertFirst(m, texts, unit)
	}
	return insertBlock(c.r.tree, texts, unit)
}

// analyze reads t and decides whether the tokenization applies to it:
// the version, the requirements it retargets and the tokens it needs.
func analyze(t Tool, opts TokenizeOptions) (*candidate, string, error) {
	r, skip, err := read(t, opts.Macros)
	if err != nil || skip != "" {
		return nil, skip, err
	}
	c := &candidate{r: r, adopt: opts.AdoptSuffix}
	v, ok := r.root.Get("version")
	// Nothing to tokenize.
	if !ok {
		if c.adopt {
			return nil, "no version= attribute to adopt a suffix for", nil
		}
		return nil, "no version= attribute to tokenize", nil
	}
	site, literal := r.literalSite(r.root, "version")
	if c.adopt {
		// Adopting a suffix starts from a bare literal version.
		if !literal || strings.ContainsAny(v, "+@") {
			return nil, "version is not a bare version (already has a +local segment or a token); plain tokenize-version handles the +galaxy case", nil
		}
		c.base, c.suffix = v, "0"
	} else {
		m := galaxySuffix.FindStringSubmatch(v)
		// Only a literal <base>+galaxy<suffix> is the IUC convention's.
		if !literal || m == nil {
			return nil, `version is not a literal "<base>+galaxy<suffix>" (already tokenized, or not using the IUC suffix convention)`, nil
		}
		c.base, c.suffix = m[1], m[2]
	}
	c.edits = append(c.edits, rewrite.ReplaceSpan(site.Span, TokenizedVersion))
	if skip := c.retarget(); skip != "" {
		return nil, skip, nil
	}
	if skip := c.tokens(); skip != "" {
		return nil, skip, nil
	}
	return c, "", nil
}

// retarget adds the edits writing @TOOL_VERSION@ for the version of every
// package requirement pinning the base that is written in the tool, or
// says why there is none.
func (c *candidate) retarget() string {
	r := c.r
	var pinning []*macros.Element
	for _, req := range r.packageRequirements() {
		if v, _ := req.Get("version"); v == c.base {
			pinning = append(pinning, req)
		}
	}
	// The tokens exist to share one version with the package.
	if len(pinning) == 0 {
		if c.adopt {
			return fmt.Sprintf("no package <requirement> pins version '%s'; @TOOL_VERSION@ would not name the wrapped tool's version", c.base)
		}
		return fmt.Sprintf("no package <requirement> pins version '%s', the extraction precondition (the tokens exist to share the tool/package version)", c.base)
	}
	seen := map[macros.Loc]bool{}
	for _, req := range pinning {
		site, ok := r.literalSite(req, "version")
		// A version written elsewhere is shared with other tools, or
		// belongs to another token.
		if !ok || site.File != r.file || seen[site] {
			continue
		}
		seen[site] = true
		c.edits = append(c.edits, rewrite.ReplaceSpan(site.Span, ToolVersionToken))
	}
	if len(seen) == 0 {
		where := r.position(pinning[0].ValueOrigin("version").Loc)
		return fmt.Sprintf("no package <requirement> pinning version '%s' is written in the tool (the one at %s is written in an imported macro file or made by a token); tokenize it where it is written", c.base, where)
	}
	return ""
}

// tokens decides which tokens the tokenization defines: those the tool's
// view does not define already. A definition with another value than
// the tokenization's is a reason to skip.
func (c *candidate) tokens() string {
	var clashes []string
	for _, n := range tokenNames {
		d, ok := c.r.defs[n]
		if !ok {
			c.missing = append(c.missing, n)
			continue
		}
		if d.value != c.want(n) {
			clashes = append(clashes, fmt.Sprintf("%s is '%s' (%s), not '%s'", n, d.value, c.r.position(d.el), c.want(n)))
		}
	}
	if len(clashes) > 0 {
		return "token(s) already defined with other values than the version's: " + strings.Join(clashes, "; ")
	}
	return ""
}
