package inputs

import "testing"

func TestInputsNameMissing(t *testing.T) {
	runCases(t, InputsNameMissing, []checkCase{
		{"no name, no argument", tool(`<param type="integer" value="1"/>`), []finding{{"InputsName", 4}}},
		{"nested in a section", tool("<section name=\"s\">\n<param type=\"text\"/>\n</section>"), []finding{{"InputsName", 5}}},
		{"name", tool(`<param name="a" type="integer" value="1"/>`), nil},
		{"argument", tool(`<param argument="--a" type="integer" value="1"/>`), nil},
		{"empty name is still a name", tool(`<param name="" type="text"/>`), nil},
		{"outside inputs", "<tool id=\"t\" name=\"t\" version=\"1\"><inputs><param name=\"a\" type=\"text\"/></inputs><tests><test><param value=\"1\"/></test></tests></tool>", nil},
	})
}

func TestInputsNameValid(t *testing.T) {
	runCases(t, InputsNameValid, []checkCase{
		{"dash", tool(`<param name="fe-min" type="integer" value="0"/>`), []finding{{"InputsNameValid", 4}}},
		{"leading digit", tool(`<param name="1x" type="text"/>`), []finding{{"InputsNameValid", 4}}},
		{"blank name is empty and invalid", tool(`<param name=" " type="text"/>`), []finding{{"InputsNameEmpty", 4}, {"InputsNameValid", 4}}},
		{"empty name is only empty", tool(`<param name="" type="text"/>`), []finding{{"InputsNameEmpty", 4}}},
		{"argument of dashes only", tool(`<param argument="--" type="text"/>`), []finding{{"InputsNameEmpty", 4}}},
		{"argument with a dot", tool(`<param argument="--a.b" type="text"/>`), []finding{{"InputsNameValid", 4}}},
		{"argument with dashes", tool(`<param argument="--min-length" type="integer" value="1"/>`), nil},
		{"name wins over argument", tool(`<param name="ok" argument="--not.ok" type="text"/>`), nil},
		{"unicode letters", tool(`<param name="größe" type="text"/>`), nil},
	})
}

func TestInputsNameDuplicate(t *testing.T) {
	runCases(t, InputsNameDuplicate, []checkCase{
		{"siblings", tool("<param name=\"a\" type=\"text\"/>\n<param name=\"a\" type=\"integer\" value=\"1\"/>"), []finding{{"InputsNameDuplicate", 5}}},
		{"argument and name", tool("<param argument=\"--min-len\" type=\"text\"/>\n<param name=\"min_len\" type=\"text\"/>"), []finding{{"InputsNameDuplicate", 5}}},
		{"three times", tool("<param name=\"a\" type=\"text\"/>\n<param name=\"a\" type=\"text\"/>\n<param name=\"a\" type=\"text\"/>"),
			[]finding{{"InputsNameDuplicate", 5}, {"InputsNameDuplicate", 6}}},
		{"whens without value collide", tool("<conditional name=\"c\"><param name=\"s\" type=\"select\"><option value=\"x\"/></param>\n<when><param name=\"a\" type=\"text\"/></when>\n<when><param name=\"a\" type=\"text\"/></when></conditional>"),
			[]finding{{"InputsNameDuplicate", 6}}},
		{"different sections", tool(`<section name="s1"><param name="a" type="text"/></section><section name="s2"><param name="a" type="text"/></section>`), nil},
		{"different whens", tool(`<conditional name="c"><param name="a" type="select"><option value="x"/><option value="y"/></param><when value="x"><param name="a" type="text"/></when><when value="y"><param name="a" type="text"/></when></conditional>`), nil},
		{"section and top level", tool(`<param name="a" type="text"/><section name="s"><param name="a" type="text"/></section>`), nil},
	})
}

func TestInputsMissing(t *testing.T) {
	runCases(t, InputsMissing, []checkCase{
		{"empty inputs", "<tool id=\"t\" name=\"t\" version=\"1\">\n<inputs/>\n</tool>", []finding{{"InputsMissing", 2}}},
		{"no inputs at all", "<tool id=\"t\" name=\"t\" version=\"1\">\n<command>x</command>\n</tool>", []finding{{"InputsMissing", 1}}},
		{"only an empty repeat", tool(`<repeat name="r" title="R"/>`), []finding{{"InputsMissing", 3}}},
		{"data source", "<tool id=\"t\" name=\"t\" version=\"1\" tool_type=\"data_source\"><inputs/></tool>", nil},
		{"one param", tool(`<param name="a" type="text"/>`), nil},
		{"nested param", tool(`<section name="s"><param name="a" type="text"/></section>`), nil},
	})
}

func TestDataFormatMissing(t *testing.T) {
	runCases(t, DataFormatMissing, []checkCase{
		{"no format", tool(`<param name="in" type="data"/>`), []finding{{"InputsDataFormat", 4}}},
		{"from argument", tool("<param type=\"data\"\n argument=\"--in\"/>"), []finding{{"InputsDataFormat", 4}}},
		{"format", tool(`<param name="in" type="data" format="tabular"/>`), nil},
		{"empty format is a format", tool(`<param name="in" type="data" format=""/>`), nil},
		{"collection", tool(`<param name="in" type="data_collection"/>`), nil},
		{"no name", tool(`<param type="data"/>`), nil},
	})
}

func TestSelectOptionsDefinition(t *testing.T) {
	runCases(t, SelectOptionsDefinition, []checkCase{
		{"nothing", tool(`<param name="s" type="select"/>`), []finding{{"InputsSelectOptionsDef", 4}}},
		{"two ways", tool(`<param name="s" type="select" dynamic_options="f()"><option value="a"/></param>`), []finding{{"InputsSelectOptionsDef", 4}}},
		{"three ways", tool(`<param name="s" type="select" dynamic_options="f()"><option value="a"/><options from_data_table="t"/></param>`), []finding{{"InputsSelectOptionsDef", 4}}},
		{"options", tool(`<param name="s" type="select"><options from_data_table="t"/></param>`), nil},
		{"option", tool(`<param name="s" type="select"><option value="a"/></param>`), nil},
		{"dynamic_options", tool(`<param name="s" type="select" dynamic_options="f()"/>`), nil},
		{"conditional with options", tool("<conditional name=\"c\">\n<param name=\"s\" type=\"select\"><options from_data_table=\"t\"/></param>\n</conditional>"),
			[]finding{{"InputsSelectOptionsDefConditional", 5}}},
		{"conditional with nothing", tool("<conditional name=\"c\"><param name=\"s\" type=\"select\"/></conditional>"), []finding{{"InputsSelectOptionsDefConditional", 4}}},
		{"conditional with option", tool(`<conditional name="c"><param name="s" type="select"><option value="a"/></param><when value="a"/></conditional>`), nil},
		{"not a select", tool(`<param name="s" type="text"/>`), nil},
	})
}

func TestSelectOptionValueMissing(t *testing.T) {
	runCases(t, SelectOptionValueMissing, []checkCase{
		{"one missing", tool("<param name=\"s\" type=\"select\">\n<option value=\"a\">A</option>\n<option>B</option>\n<option>C</option>\n</param>"),
			[]finding{{"InputsSelectOptionValueMissing", 6}}},
		{"empty value is a value", tool(`<param name="s" type="select"><option value="">None</option></param>`), nil},
		{"options children are not options", tool(`<param name="s" type="select"><options from_data_table="t"><option name="x"/></options></param>`), nil},
	})
}

func TestSelectOptionDuplicate(t *testing.T) {
	runCases(t, SelectOptionDuplicate, []checkCase{
		{"same value", tool("<param name=\"s\" type=\"select\">\n<option value=\"a\">A</option>\n<option value=\"a\">B</option>\n</param>"),
			[]finding{{"InputsSelectOptionDuplicateValue", 6}}},
		{"same text", tool("<param name=\"s\" type=\"select\">\n<option value=\"a\">A</option>\n<option value=\"b\">A</option>\n</param>"),
			[]finding{{"InputsSelectOptionDuplicateText", 6}}},
		{"both", tool("<param name=\"s\" type=\"select\">\n<option value=\"a\">A</option>\n<option value=\"a\">A</option>\n</param>"),
			[]finding{{"InputsSelectOptionDuplicateValue", 6}, {"InputsSelectOptionDuplicateText", 6}}},
		{"no text reads as the capitalised value", tool("<param name=\"s\" type=\"select\">\n<option value=\"abc\"/>\n<option value=\"x\">Abc</option>\n</param>"),
			[]finding{{"InputsSelectOptionDuplicateText", 6}}},
		{"missing value reads as empty", tool(`<param name="s" type="select"><option>A</option><option value="">B</option></param>`),
			[]finding{{"InputsSelectOptionDuplicateValue", 0}}},
		{"selected as written", tool(`<param name="s" type="select"><option value="a">A</option><option value="a" selected="false">A</option></param>`),
			[]finding{{"InputsSelectOptionDuplicateValue", 0}, {"InputsSelectOptionDuplicateText", 0}}},
		{"selected differs", tool(`<param name="s" type="select"><option value="a">A</option><option value="a" selected="true">A</option></param>`), nil},
		{"selected spelt differently", tool(`<param name="s" type="select"><option value="a" selected="True">A</option><option value="a" selected="true">A</option></param>`), nil},
		{"text is not trimmed", tool(`<param name="s" type="select"><option value="a">A</option><option value="b"> A</option></param>`), nil},
		{"distinct", tool(`<param name="s" type="select"><option value="a">A</option><option value="b">B</option></param>`), nil},
	})
}

func TestSelectOptionsMultiple(t *testing.T) {
	runCases(t, SelectOptionsMultiple, []checkCase{
		{"two", tool("<param name=\"s\" type=\"select\">\n<options from_data_table=\"a\"/>\n<options from_data_table=\"b\"/>\n</param>"),
			[]finding{{"InputsSelectOptionsMultiple", 6}}},
		{"one", tool(`<param name="s" type="select"><options from_data_table="a"/></param>`), nil},
		{"data param is another linter's", tool(`<param name="s" type="data" format="txt"><options/><options/></param>`), nil},
	})
}

func TestSelectOptionsSourceMissing(t *testing.T) {
	runCases(t, SelectOptionsSourceMissing, []checkCase{
		{"no source", tool("<param name=\"s\" type=\"select\">\n<options>\n<filter type=\"sort_by\" column=\"0\"/>\n</options>\n</param>"),
			[]finding{{"InputsSelectOptionsDefinesOptions", 5}}},
		{"empty source is a source", tool(`<param name="s" type="select"><options from_data_table=""/></param>`), nil},
		{"from_url", tool(`<param name="s" type="select"><options from_url="https://example.org/x"/></param>`), nil},
		{"from_file", tool(`<param name="s" type="select"><options from_file="x.loc"/></param>`), nil},
		{"add_value filter", tool(`<param name="s" type="select"><options><filter type="add_value" value="a"/></options></param>`), nil},
		{"data_meta filter of a later options", tool(`<param name="s" type="select"><options/><options><filter type="data_meta" ref="i" key="dbkey"/></options></param>`), nil},
	})
}

func TestSelectOptionsSourceConflict(t *testing.T) {
	runCases(t, SelectOptionsSourceConflict, []checkCase{
		{"dataset and table", tool(`<param name="s" type="select"><options from_dataset="i" from_data_table="t"/></param>`),
			[]finding{{"InputsSelectOptionsFromDatasetAndDatatable", 4}}},
		{"meta_file_key without dataset", tool("<param name=\"s\" type=\"select\"><options from_data_table=\"t\"\n meta_file_key=\"k\"/></param>"),
			[]finding{{"InputsSelectOptionsMetaFileKey", 5}}},
		{"meta_file_key with dataset", tool(`<param name="s" type="select"><options from_dataset="i" meta_file_key="k"/></param>`), nil},
		{"only the first options", tool(`<param name="s" type="select"><options from_data_table="t"/><options from_dataset="i" from_data_table="t"/></param>`), nil},
	})
}

func TestSelectOptionsDeprecated(t *testing.T) {
	runCases(t, SelectOptionsDeprecated, []checkCase{
		{"dynamic_options", tool("<param name=\"s\" type=\"select\"\n dynamic_options=\"f()\"/>"), []finding{{"InputsSelectDynamicOptions", 5}}},
		{"empty dynamic_options", tool(`<param name="s" type="select" dynamic_options=""/>`), []finding{{"InputsSelectDynamicOptions", 4}}},
		{"each deprecated attribute", tool(`<param name="s" type="select"><options from_file="x" from_parameter="p" options_filter_attribute="a" transform_lines="t"/></param>`),
			[]finding{{"InputsSelectOptionsDeprecatedAttr", 4}, {"InputsSelectOptionsDeprecatedAttr", 4}, {"InputsSelectOptionsDeprecatedAttr", 4}, {"InputsSelectOptionsDeprecatedAttr", 4}}},
		{"current options", tool(`<param name="s" type="select"><options from_data_table="t"/></param>`), nil},
		{"not a select", tool(`<param name="s" type="data" format="txt"><options options_filter_attribute="a"/></param>`), nil},
	})
}
