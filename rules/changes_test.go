package rules

import (
	"testing"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestSimilarityIsDifflibRatio(t *testing.T) {
	// Values from Python 3's difflib.SequenceMatcher(None, a, b).ratio().
	tests := []struct {
		a, b string
		want float64
	}{
		{"label", "lable", 0.8},
		{"label", "table", 0.6},
		{"falsevalue", "falsvalue", 0.9473684210526315},
		{"requirements", "requirments", 0.9565217391304348},
		{"text", "txt", 0.8571428571428571},
		{"checkboxes", "checkbox", 0.8888888888888888},
		{"abcd", "bcda", 0.75},
		{"", "x", 0},
		{"", "", 1},
		{"format", "from", 0.6},
		{"ACGTACGT", "TACGTACG", 0.875},
		{"data_source", "datasource", 0.9523809523809523},
	}
	for _, tt := range tests {
		assert.InDelta(t, tt.want, similarity(tt.a, tt.b), 1e-12, "%q %q", tt.a, tt.b)
	}
}

func TestCloseMatchesOrder(t *testing.T) {
	// difflib.get_close_matches("lable", […], n=10, cutoff=0.8): by score,
	// then by name, both descending.
	assert.Equal(t, []string{"able", "table", "label", "cable"},
		closeMatches("lable", []string{"label", "table", "able", "cable", "lab", "lable"}))
}

func TestQuotesInserted(t *testing.T) {
	tests := []struct {
		before, after string
		want          bool
	}{
		{"cat $in > $out", "cat '$in' > '$out'", true},
		{"cat ${in} $!x $a.b", "cat '${in}' '$!x' '$a.b'", true},
		{"cat $in'x' $y", "cat '$in''x' '$y'", true}, // an existing quote right after
		{"a'b $x", "a'b '$x'", true},
		{"cat $in", "cat $in", false},                        // nothing inserted
		{"cat $in", "cat '$i'n", false},                      // not around the whole placeholder
		{"cat $in.ext", "cat '$in'.ext", false},              // a chain cut short
		{"cat $f(1)", "cat '$f'(1)", false},                  // a call cut short
		{"cat \\$in", "cat \\'$in'", false},                  // an escaped dollar
		{"cat $in > x", "cat '$in' > 'x'", false},            // not a placeholder
		{"cat $in", "cat \"$in\"", false},                    // another quote
		{"cat $in $out", "cat '$in' $out x", false},          // something else changed
		{"$in", "'$in'", true},                               // at both ends
		{"echo $in.", "echo '$in'.", true},                   // a dot ending a sentence
		{"x ${a.b} y", "x '${a.b}' y", true},                 // braces
		{"x ${a b} y", "x '${a b}' y", false},                // not a name
		{"$a$b", "'$a''$b'", true},                           // adjacent placeholders
		{"cat $in >$out", "cat '$in' >'$out'", true},         // no space before
		{"cat $in 2>&1 $out", "cat '$in' 2>&1 '$out'", true}, // the gate judges form only
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, quotesInserted(tt.before, tt.after), "%q → %q", tt.before, tt.after)
	}
}

func TestCanonicalBool(t *testing.T) {
	for in, want := range map[string]string{"True": "true", "YES": "true", "on": "true", "False": "false", "no": "false", "OFF": "false"} {
		got, ok := canonicalBool(in)
		assert.True(t, ok, in)
		assert.Equal(t, want, got, in)
	}
	for _, in := range []string{"1", "0", "y", "t", "Tru", " True", ""} {
		_, ok := canonicalBool(in)
		assert.False(t, ok, in)
	}
}

func TestEnumSet(t *testing.T) {
	msg := "[facet 'enumeration'] The value 'txt' is not an element of the set {'text', 'integer', 'data_column'}."
	assert.Equal(t, []string{"text", "integer", "data_column"}, enumSet(msg))
	assert.Nil(t, enumSet("'x' is not a valid value of the atomic type 'xs:boolean'."))
	assert.True(t, booleanType("'on' is not a valid value of the union type 'PermissiveBoolean'."))
	assert.True(t, booleanType("'True' is not a valid value of the atomic type 'xs:boolean'."))
	assert.False(t, booleanType("'x' is not a valid value of the atomic type 'xs:integer'."))
}

// view returns the canonical tree of a snippet.
func view(t *testing.T, src string) *macros.Element {
	t.Helper()
	e, err := macros.FromTree(cst.Parse("t.xml", []byte(src)))
	require.NoError(t, err)
	return e
}

func find(e *macros.Element, tag string) *macros.Element {
	for d := range e.Descendants() {
		if d.Tag == tag {
			return d
		}
	}
	return nil
}

func TestDeclaredChangeHooks(t *testing.T) {
	// Each hook accepts its rule's change and nothing near it.
	req := func(v string) *macros.Element {
		return find(view(t, `<tool><requirements><requirement type="package" version="`+v+`">x</requirement></requirements></tool>`), "requirement")
	}
	assert.True(t, acceptRequirementVersion(req(" 1.0 "), req("1.0"), "version"))
	assert.False(t, acceptRequirementVersion(req("1.0"), req(" 1.0 "), "version"), "adding whitespace")
	assert.False(t, acceptRequirementVersion(req(" 1.0"), req("1.1"), "version"))
	assert.False(t, acceptRequirementVersion(req("  "), req(""), "version"), "dropping the pin")

	param := func(attrs string) *macros.Element {
		return find(view(t, `<tool><inputs><param `+attrs+`/></inputs></tool>`), "param")
	}
	assert.True(t, acceptDerivedParamName(param(`name="min_len" argument="--min-len"`), param(`argument="--min-len"`), "name"))
	assert.False(t, acceptDerivedParamName(param(`name="minlen" argument="--min-len"`), param(`argument="--min-len"`), "name"))
	assert.False(t, acceptDerivedParamName(param(`name="min_len" argument="--min-len"`), param(`argument="--min-length"`), "name"))
	assert.True(t, acceptCheckboxDisplay(param(`name="s" type="select" display="checkboxes"`), param(`name="s" type="select"`), "display"))
	assert.False(t, acceptCheckboxDisplay(param(`name="s" type="select" display="radio"`), param(`name="s" type="select"`), "display"))

	assert.True(t, acceptBooleanSpelling(param(`checked="TRUE"`), param(`checked="true"`), "checked"))
	assert.False(t, acceptBooleanSpelling(param(`checked="TRUE"`), param(`checked="false"`), "checked"))
	assert.False(t, acceptBooleanSpelling(param(`checked="x"`), param(`checked="true"`), "checked"))

	assert.True(t, acceptTypoValue(param(`type="txt"`), param(`type="text"`), "type"))
	assert.False(t, acceptTypoValue(param(`type="txt"`), param(`type="integer"`), "type"), "not a near miss")
	assert.False(t, acceptTypoValue(param(`label="Lable"`), param(`label="Label"`), "label"), "not a schema value")
	assert.True(t, acceptTypoRename(param(`lable="x"`), param(`label="x"`), true, "lable", "label"))
	assert.False(t, acceptTypoRename(param(`lable="x"`), param(`labl="x"`), true, "lable", "labl"), "not a schema name")
	tool := func(attrs string) *macros.Element { return view(t, `<tool `+attrs+`/>`) }
	assert.False(t, acceptTypoRename(tool(`profle="21.01"`), tool(`profile="21.01"`), true, "profle", "profile"), "never the profile")
	assert.False(t, acceptTypoValue(tool(`profile="21.01"`), tool(`profile="21.09"`), "profile"))

	help := func(body string) *macros.Element { return find(view(t, `<tool><help>`+body+`</help></tool>`), "help") }
	assert.True(t, acceptBlankHelp(help(" \n "), help("")))
	assert.False(t, acceptBlankHelp(help(" x "), help("")))
	assert.True(t, acceptHelpRepair(help("\nUsage\n====\n"), help("\nUsage\n=====\n")))
	assert.True(t, acceptWrittenHelpRepair("help", true, "\nUsage\n====\n", "\nUsage\n=====\n"))
	assert.False(t, acceptHelpRepair(help("\nUsage\n====\n"), help("\nUsage\n======\n")), "not the repair")
	assert.False(t, acceptHelpRepair(help("\nUsage\n=====\n"), help("\nUsage\n======\n")), "valid help")
	assert.False(t, acceptWrittenHelpRepair("command", true, "\nUsage\n====\n", "\nUsage\n=====\n"), "not <help>")

	out := view(t, `<tool><outputs><output name="a" type="data" format="txt"/><output name="b" type="collection" collection_type="list" collection_type_source=""/><output name="c" type="integer" from="x"/></outputs></tool>`)
	assert.Equal(t, 2, normalizeOutputElements(out))
	want := view(t, `<tool><outputs><data name="a" format="txt"/><collection name="b" type="list" type_source=""/><output name="c" type="integer" from="x"/></outputs></tool>`)
	assert.Equal(t, string(macros.XML(want)), string(macros.XML(out)))
}
