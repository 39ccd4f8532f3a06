package testcase

import (
	"encoding/json"
	"regexp"
	"strings"
)

// required reports whether the test_case_xml model of p has no default,
// so that a test must set it.
func required(p *Param) bool {
	switch p.Kind {
	case KindInteger, KindHidden:
		return !p.Optional && !p.HasDefault
	case KindCollection:
		return !p.Optional && !p.HasDefault
	case KindData, KindGroupTag:
		return !p.Optional
	case KindColumn, KindGenomeBuild:
		return p.Multiple && !p.Optional
	case KindColor, KindRules, KindBaseURL, KindDirectoryURI:
		return true
	case KindDrillDown:
		return p.DrillRequired
	}
	return false
}

// nullable reports whether p's test_case_xml model takes None, the value
// of a test parameter without a value attribute.
func nullable(p *Param) bool {
	switch p.Kind {
	case KindCollection, KindRules, KindBaseURL, KindDirectoryURI:
		return false
	case KindDrillDown:
		return !p.DrillRequired
	}
	return p.Optional
}

var (
	columnRe = regexp.MustCompile(`^[0-9]+$`)
	colorRe  = regexp.MustCompile(`^#[0-9a-f]{6}$`)
	httpRe   = regexp.MustCompile(`^https?://[^\s/?#]+[^\s]*$`)
	uriRe    = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9+.-]*://[^\s]+$`)
)

// value checks a test's value for p against p's test_case_xml model,
// after legacy_from_string's conversion of the string Galaxy reads.
func (m *merger) value(p *Param, path string, in *Input) error {
	if p.Kind == KindCollection {
		if !in.Collection {
			m.problem(path, in.El, "the test gives collection %s no <collection> definition", path)
		}
		return nil
	}
	if in.IsJSON {
		m.jsonValue(p, path, in)
		return nil
	}
	if !in.HasValue {
		if !nullable(p) {
			m.problem(path, in.El, "the test sets %s without a value, and it is not optional", path)
		}
		return nil
	}
	v := in.Value
	switch p.Kind {
	case KindInteger:
		// int() raises on the string before any validation.
		if !pyInt(v) {
			return undecided(in.El, "test value %q of integer %s is no integer (Galaxy raises)", v, path)
		}
	case KindFloat:
		if !pyFloat(v) {
			return undecided(in.El, "test value %q of float %s is no number (Galaxy raises)", v, path)
		}
	case KindBoolean:
		if _, ok := asBool(v); !ok {
			m.problem(path, in.El, "test value %q of boolean %s is not true or false", v, path)
		}
	case KindSelect:
		m.selectValue(p, path, in)
	case KindColumn:
		m.columnValue(p, path, in)
	case KindColor:
		if !colorRe.MatchString(v) {
			m.problem(path, in.El, "test value %q of color %s is not #rrggbb in lower-case hex", v, path)
		}
	case KindRules:
		m.problem(path, in.El, "rules parameter %s takes a rules definition, which an XML test cannot give", path)
	case KindGroupTag, KindGenomeBuild:
		if p.Multiple {
			m.problem(path, in.El, "multiple %s takes a list, and the test gives a string", path)
		}
	case KindBaseURL:
		if !httpRe.MatchString(v) {
			m.problem(path, in.El, "test value %q of %s is not an http(s) URL", v, path)
		}
	case KindDirectoryURI:
		if !uriRe.MatchString(v) {
			m.problem(path, in.El, "test value %q of %s is not a URI", v, path)
		}
	}
	return nil
}

// selectValue checks a select's value: one of its options (each of the
// comma-separated parts, stripped, for a multiple select); any string
// for dynamic options.
func (m *merger) selectValue(p *Param, path string, in *Input) {
	if p.Dynamic {
		return
	}
	parts := []string{in.Value}
	if p.Multiple {
		parts = strings.Split(in.Value, ",")
		for i := range parts {
			parts[i] = pyStrip(parts[i])
		}
	}
	for _, part := range parts {
		if !p.hasOption(part) {
			m.problem(path, in.El, "test value %q of select %s is not one of its options", part, path)
			return
		}
	}
}

func (p *Param) hasOption(v string) bool {
	for _, o := range p.Options {
		if o.Value == v {
			return true
		}
	}
	return false
}

// columnValue checks a data_column's value: an integer index (for a
// multiple column, comma-separated integers); column names are refused
// from profile 24.2 on.
func (m *merger) columnValue(p *Param, path string, in *Input) {
	if !p.Multiple {
		if !columnRe.MatchString(in.Value) {
			m.problem(path, in.El, "test value %q of column %s is not an integer column index", in.Value, path)
		}
		return
	}
	for part := range strings.SplitSeq(in.Value, ",") {
		if !pyInt(part) {
			m.problem(path, in.El, "test value %q of column %s is not a list of integer column indexes", in.Value, path)
			return
		}
	}
}

// jsonValue checks a typed value_json (a bool, number, list or object)
// against p's model, which takes it as it is.
func (m *merger) jsonValue(p *Param, path string, in *Input) {
	ok := false
	switch v := in.JSON.(type) {
	case bool:
		ok = p.Kind == KindBoolean
	case json.Number:
		integer := !strings.ContainsAny(v.String(), ".eE")
		ok = p.Kind == KindFloat || integer && (p.Kind == KindInteger || p.Kind == KindColumn && !p.Multiple)
	case []any:
		ok = p.Multiple && m.jsonList(p, v)
	case map[string]any:
		// A dataset or collection definition: the data models take it.
		ok = p.Kind == KindData
	}
	if !ok {
		m.problem(path, in.El, "value_json of %s is not of the type its parameter takes", path)
	}
}

// jsonList reports whether a JSON list suits a multiple parameter:
// option values of a select, integers of a column, strings of a genome
// build or group tag, definitions of a dataset.
func (m *merger) jsonList(p *Param, vs []any) bool {
	for _, v := range vs {
		switch p.Kind {
		case KindSelect:
			s, ok := v.(string)
			if !ok || !p.Dynamic && !p.hasOption(s) {
				return false
			}
		case KindColumn:
			n, ok := v.(json.Number)
			if !ok || strings.ContainsAny(n.String(), ".eE") {
				return false
			}
		case KindGenomeBuild, KindGroupTag:
			if _, ok := v.(string); !ok {
				return false
			}
		case KindData:
			if _, ok := v.(map[string]any); !ok {
				return false
			}
		default:
			return false
		}
	}
	return true
}
