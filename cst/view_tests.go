package cst

import (
	"iter"
	"slices"
	"strconv"
)

// Tests is a view of a tool's <tests> element.
type Tests struct{ viewElem }

// AsTests returns the view of a <tests> element.
func AsTests(n Node) (Tests, bool) {
	v, ok := viewAs(n, "tests")
	return Tests{v}, ok
}

// Tests yields the <test> elements.
func (t Tests) Tests() iter.Seq[Test] {
	return viewMap(viewNamed(t.n, "test"), func(n Node) Test { return Test{viewElem{n}} })
}

// Test is a view of one <test>.
type Test struct{ viewElem }

// AsTest returns the view of a <test> element.
func AsTest(n Node) (Test, bool) {
	v, ok := viewAs(n, "test")
	return Test{v}, ok
}

// ExpectNumOutputs returns the expect_num_outputs attribute.
func (t Test) ExpectNumOutputs() string { return t.n.Get("expect_num_outputs") }

// ExpectFailure reports whether the expect_failure attribute is true.
func (t Test) ExpectFailure() bool { return viewBool(t.n.Get("expect_failure")) }

// ExpectTestFailure reports whether the expect_test_failure attribute is
// true.
func (t Test) ExpectTestFailure() bool { return viewBool(t.n.Get("expect_test_failure")) }

// ExpectExitCode returns the expect_exit_code attribute.
func (t Test) ExpectExitCode() string { return t.n.Get("expect_exit_code") }

// MaxSeconds returns the maxseconds attribute.
func (t Test) MaxSeconds() string { return t.n.Get("maxseconds") }

// Params yields every input <param> of the test, those inside
// <conditional>, <repeat> and <section> blocks included, in preorder. Their
// Path is the flat name Galaxy gives them.
func (t Test) Params() iter.Seq[TestParam] { return viewTestParams(t.n) }

// Conditionals yields the <conditional> blocks directly inside the test.
func (t Test) Conditionals() iter.Seq[TestGroup] { return viewTestGroups(t.n, "conditional") }

// Repeats yields the <repeat> blocks directly inside the test.
func (t Test) Repeats() iter.Seq[TestGroup] { return viewTestGroups(t.n, "repeat") }

// Sections yields the <section> blocks directly inside the test.
func (t Test) Sections() iter.Seq[TestGroup] { return viewTestGroups(t.n, "section") }

// Outputs yields the <output> checks.
func (t Test) Outputs() iter.Seq[TestOutput] { return viewTestOutputs(t.n, "output") }

// OutputCollections yields the <output_collection> checks.
func (t Test) OutputCollections() iter.Seq[TestOutputCollection] {
	return viewMap(viewNamed(t.n, "output_collection"), func(n Node) TestOutputCollection {
		return TestOutputCollection{viewElem{n}}
	})
}

// AssertCommand returns the <assert_command> block.
func (t Test) AssertCommand() AssertBlock { return viewAssertBlock(viewFirst(t.n, "assert_command")) }

// AssertCommandVersion returns the <assert_command_version> block.
func (t Test) AssertCommandVersion() AssertBlock {
	return viewAssertBlock(viewFirst(t.n, "assert_command_version"))
}

// AssertStdout returns the <assert_stdout> block.
func (t Test) AssertStdout() AssertBlock { return viewAssertBlock(viewFirst(t.n, "assert_stdout")) }

// AssertStderr returns the <assert_stderr> block.
func (t Test) AssertStderr() AssertBlock { return viewAssertBlock(viewFirst(t.n, "assert_stderr")) }

// AssertBlocks yields every assertion block of the test: the test's own
// assert_command, assert_stdout, ... and the assert_contents of its outputs
// and their elements, in document order.
func (t Test) AssertBlocks() iter.Seq[AssertBlock] {
	return func(yield func(AssertBlock) bool) {
		for d := range t.n.Descendants() {
			if d.Kind() == KindElement && viewIsAssertBlock(d.Name()) && !yield(viewAssertBlock(d)) {
				return
			}
		}
	}
}

func viewIsAssertBlock(name string) bool {
	switch name {
	case "assert_contents", "assert_command", "assert_command_version", "assert_stdout", "assert_stderr":
		return true
	}
	return false
}

func viewTestParams(n Node) iter.Seq[TestParam] {
	return func(yield func(TestParam) bool) { viewEachTestParam(n, yield) }
}

func viewEachTestParam(n Node, yield func(TestParam) bool) bool {
	return viewScan(n, func(c Node) viewStep {
		switch {
		case c.Is("param") && !yield(TestParam{viewElem{c}}):
			return viewStop
		case c.Is("conditional"), c.Is("repeat"), c.Is("section"):
			return viewDescend
		}
		return viewSkip
	})
}

func viewTestGroups(n Node, name string) iter.Seq[TestGroup] {
	return viewMap(viewNamed(n, name), func(n Node) TestGroup { return TestGroup{viewElem{n}} })
}

// TestGroup is a view of a <conditional>, <repeat> or <section> block in a
// test, which scopes the parameters inside it.
type TestGroup struct{ viewElem }

// AsTestGroup returns the view of a <conditional>, <repeat> or <section>
// element; only call it inside <test>.
func AsTestGroup(n Node) (TestGroup, bool) {
	v, ok := viewAs(n, "conditional", "repeat", "section")
	return TestGroup{v}, ok
}

// Kind returns the element name: "conditional", "repeat" or "section".
func (g TestGroup) Kind() string { return g.n.Name() }

// Name returns the name attribute.
func (g TestGroup) Name() string { return g.n.Get("name") }

// Params yields every parameter inside the block, nested blocks included.
func (g TestGroup) Params() iter.Seq[TestParam] { return viewTestParams(g.n) }

// Conditionals yields the <conditional> blocks directly inside the block.
func (g TestGroup) Conditionals() iter.Seq[TestGroup] { return viewTestGroups(g.n, "conditional") }

// Repeats yields the <repeat> blocks directly inside the block.
func (g TestGroup) Repeats() iter.Seq[TestGroup] { return viewTestGroups(g.n, "repeat") }

// Sections yields the <section> blocks directly inside the block.
func (g TestGroup) Sections() iter.Seq[TestGroup] { return viewTestGroups(g.n, "section") }

// TestParam is a view of a <param> of a test (or an <element> of a test
// input collection, which has the same attributes).
type TestParam struct{ viewElem }

// AsTestParam returns the view of a <param> or <element> element; only call
// it inside <test>.
func AsTestParam(n Node) (TestParam, bool) {
	v, ok := viewAs(n, "param", "element")
	return TestParam{v}, ok
}

// Name returns the name attribute, which may itself be a path ("cond|p").
func (p TestParam) Name() string { return p.n.Get("name") }

// Path returns the flat name Galaxy matches against the tool's inputs: the
// names of the enclosing conditional, repeat and section blocks and the
// parameter's, joined by "|"; the n-th <repeat> of one name among its
// siblings is named name_n, counting from 0 (for example "queries_0|input").
// For a collection <element> it is the element's name.
func (p TestParam) Path() string {
	if !p.n.Is("param") {
		return p.Name()
	}
	var groups []Node
	for g := p.n.Parent(); g.Kind() == KindElement && !g.Is("test"); g = g.Parent() {
		if g.Is("conditional") || g.Is("section") || g.Is("repeat") {
			groups = append(groups, g)
		}
	}
	slices.Reverse(groups)
	// Galaxy joins with __prefix_join: an empty prefix is dropped, and a
	// missing name attribute reads as Python's None.
	prefix := ""
	for _, g := range groups {
		name, ok := g.AttrValue("name")
		if !ok {
			name = "None"
		}
		if g.Is("repeat") {
			name += "_" + strconv.Itoa(viewRepeatIndex(g))
		} else if !ok && prefix == "" {
			continue
		}
		if prefix != "" {
			name = prefix + "|" + name
		}
		prefix = name
	}
	if prefix == "" {
		return p.Name()
	}
	return prefix + "|" + p.Name()
}

// viewRepeatIndex counts the earlier sibling <repeat> blocks with the same
// name, as Galaxy numbers test repeats.
func viewRepeatIndex(r Node) int {
	name, i := r.Get("name"), 0
	for s := r.PrevSibling(); s.IsValid(); s = s.PrevSibling() {
		if s.Is("repeat") && s.Get("name") == name {
			i++
		}
	}
	return i
}

// Value returns the value attribute: a test-data file name for data
// parameters, the value otherwise.
func (p TestParam) Value() string { return p.n.Get("value") }

// ValueJSON returns the value_json attribute.
func (p TestParam) ValueJSON() string { return p.n.Get("value_json") }

// Ftype returns the ftype attribute, the datatype of an uploaded file.
func (p TestParam) Ftype() string { return p.n.Get("ftype") }

// DBKey returns the dbkey attribute.
func (p TestParam) DBKey() string { return p.n.Get("dbkey") }

// Location returns the location attribute, a URL to fetch the file from.
func (p TestParam) Location() string { return p.n.Get("location") }

// Collection returns the <collection> child defining an input collection.
func (p TestParam) Collection() TestCollection {
	return TestCollection{viewElem{viewFirst(p.n, "collection")}}
}

// Metadata yields the <metadata> children.
func (p TestParam) Metadata() iter.Seq[TestMetadata] { return viewTestMetadata(p.n) }

// TestCollection is a view of a <collection> input of a test.
type TestCollection struct{ viewElem }

// AsTestCollection returns the view of a <collection> element; only call it
// on children of a test <param>.
func AsTestCollection(n Node) (TestCollection, bool) {
	v, ok := viewAs(n, "collection")
	return TestCollection{v}, ok
}

// Type returns the type attribute, the collection type.
func (c TestCollection) Type() string { return c.n.Get("type") }

// Name returns the name attribute.
func (c TestCollection) Name() string { return c.n.Get("name") }

// Elements yields the <element> children; a nested collection is the
// <collection> of an element.
func (c TestCollection) Elements() iter.Seq[TestParam] {
	return viewMap(viewNamed(c.n, "element"), func(n Node) TestParam { return TestParam{viewElem{n}} })
}

// TestMetadata is a view of a <metadata name="..." value="..."> check or
// setting.
type TestMetadata struct{ viewElem }

// AsTestMetadata returns the view of a <metadata> element.
func AsTestMetadata(n Node) (TestMetadata, bool) {
	v, ok := viewAs(n, "metadata")
	return TestMetadata{v}, ok
}

// Name returns the name attribute.
func (m TestMetadata) Name() string { return m.n.Get("name") }

// Value returns the value attribute.
func (m TestMetadata) Value() string { return m.n.Get("value") }

func viewTestMetadata(n Node) iter.Seq[TestMetadata] {
	return viewMap(viewNamed(n, "metadata"), func(n Node) TestMetadata { return TestMetadata{viewElem{n}} })
}

func viewTestOutputs(n Node, name string) iter.Seq[TestOutput] {
	return viewMap(viewNamed(n, name), func(n Node) TestOutput { return TestOutput{viewElem{n}} })
}

// TestOutput is a view of a test <output> check, or of the nested checks
// with the same attributes: <element>, <discovered_dataset> and
// <extra_files>.
type TestOutput struct{ viewElem }

// AsTestOutput returns the view of an <output>, <element>,
// <discovered_dataset> or <extra_files> element; only call it inside <test>.
func AsTestOutput(n Node) (TestOutput, bool) {
	v, ok := viewAs(n, "output", "element", "discovered_dataset", "extra_files")
	return TestOutput{v}, ok
}

// Name returns the name attribute: the output, element identifier or extra
// file checked.
func (o TestOutput) Name() string { return o.n.Get("name") }

// Designation returns the designation attribute of a <discovered_dataset>.
func (o TestOutput) Designation() string { return o.n.Get("designation") }

// File returns the expected file: the file attribute, else value, as
// Galaxy reads them.
func (o TestOutput) File() string {
	if f, ok := o.n.AttrValue("file"); ok {
		return f
	}
	return o.n.Get("value")
}

// Ftype returns the ftype attribute, the expected datatype.
func (o TestOutput) Ftype() string { return o.n.Get("ftype") }

// Compare returns the compare attribute ("diff" when absent in Galaxy).
func (o TestOutput) Compare() string { return o.n.Get("compare") }

// Count returns the count attribute.
func (o TestOutput) Count() string { return o.n.Get("count") }

// MD5 returns the md5 attribute.
func (o TestOutput) MD5() string { return o.n.Get("md5") }

// Checksum returns the checksum attribute.
func (o TestOutput) Checksum() string { return o.n.Get("checksum") }

// AssertContents returns the <assert_contents> block.
func (o TestOutput) AssertContents() AssertBlock {
	return viewAssertBlock(viewFirst(o.n, "assert_contents"))
}

// Elements yields the <element> checks of a collection element.
func (o TestOutput) Elements() iter.Seq[TestOutput] { return viewTestOutputs(o.n, "element") }

// DiscoveredDatasets yields the <discovered_dataset> checks.
func (o TestOutput) DiscoveredDatasets() iter.Seq[TestOutput] {
	return viewTestOutputs(o.n, "discovered_dataset")
}

// ExtraFiles yields the <extra_files> checks.
func (o TestOutput) ExtraFiles() iter.Seq[TestOutput] { return viewTestOutputs(o.n, "extra_files") }

// Metadata yields the <metadata> checks.
func (o TestOutput) Metadata() iter.Seq[TestMetadata] { return viewTestMetadata(o.n) }

// TestOutputCollection is a view of a test <output_collection> check.
type TestOutputCollection struct{ viewElem }

// AsTestOutputCollection returns the view of an <output_collection> element.
func AsTestOutputCollection(n Node) (TestOutputCollection, bool) {
	v, ok := viewAs(n, "output_collection")
	return TestOutputCollection{v}, ok
}

// Name returns the name attribute, the output collection checked.
func (c TestOutputCollection) Name() string { return c.n.Get("name") }

// Type returns the type attribute, the expected collection type.
func (c TestOutputCollection) Type() string { return c.n.Get("type") }

// Count returns the count attribute, the expected number of elements.
func (c TestOutputCollection) Count() string { return c.n.Get("count") }

// Elements yields the <element> checks.
func (c TestOutputCollection) Elements() iter.Seq[TestOutput] { return viewTestOutputs(c.n, "element") }

func viewAssertBlock(n Node) AssertBlock { return AssertBlock{viewElem{n}} }

// AssertBlock is a view of an assertion list: <assert_contents>,
// <assert_command>, <assert_command_version>, <assert_stdout> or
// <assert_stderr>.
type AssertBlock struct{ viewElem }

// AsAssertBlock returns the view of an <assert_contents>, <assert_command>,
// <assert_command_version>, <assert_stdout> or <assert_stderr> element.
func AsAssertBlock(n Node) (AssertBlock, bool) {
	v, ok := viewAs(n, "assert_contents", "assert_command", "assert_command_version", "assert_stdout", "assert_stderr")
	return AssertBlock{v}, ok
}

// Kind returns the element name, e.g. "assert_stdout".
func (b AssertBlock) Kind() string { return b.n.Name() }

// Assertions yields the assertions of the block.
func (b AssertBlock) Assertions() iter.Seq[Assertion] { return viewAssertions(b.n) }

func viewAssertions(n Node) iter.Seq[Assertion] {
	return viewMap(viewElements(n), func(n Node) Assertion { return Assertion{viewElem{n}} })
}

// Assertion is a view of one assertion element, such as <has_text> or
// <has_n_lines>; some (<xml_element>, <has_archive_member>, ...) hold
// nested assertions.
type Assertion struct{ viewElem }

// Kind returns the element name, e.g. "has_text".
func (a Assertion) Kind() string { return a.n.Name() }

// Negate reports whether the negate attribute is true.
func (a Assertion) Negate() bool { return viewBool(a.n.Get("negate")) }

// Assertions yields the nested assertions.
func (a Assertion) Assertions() iter.Seq[Assertion] { return viewAssertions(a.n) }

// AsAssertion returns the view of an assertion element: any element inside
// an assertion block.
func AsAssertion(n Node) (Assertion, bool) {
	if n.Kind() != KindElement {
		return Assertion{}, false
	}
	return Assertion{viewElem{n}}, true
}
