package rules

import (
	"slices"
	"strings"
	"sync/atomic"

	"github.com/galaxy-gtr/gtr/rules/lint/citations"
	"github.com/galaxy-gtr/gtr/rules/lint/command"
	"github.com/galaxy-gtr/gtr/rules/lint/conditionals"
	"github.com/galaxy-gtr/gtr/rules/lint/datatypes"
	"github.com/galaxy-gtr/gtr/rules/lint/files"
	"github.com/galaxy-gtr/gtr/rules/lint/general"
	"github.com/galaxy-gtr/gtr/rules/lint/help"
	"github.com/galaxy-gtr/gtr/rules/lint/inputs"
	"github.com/galaxy-gtr/gtr/rules/lint/macros"
	"github.com/galaxy-gtr/gtr/rules/lint/outputs"
	"github.com/galaxy-gtr/gtr/rules/lint/params"
	"github.com/galaxy-gtr/gtr/rules/lint/requirements"
	"github.com/galaxy-gtr/gtr/rules/lint/stdio"
	"github.com/galaxy-gtr/gtr/rules/lint/tests"
	"github.com/galaxy-gtr/gtr/rules/lint/validators"
	"github.com/galaxy-gtr/gtr/rules/lint/xsd"
)

// All lists every rule, sorted by code. It is the registry: a rule exists
// when it is listed here.
var All = []*Rule{
	GTR001,
	GTR002,
	GTR004,
	GTR005,
	GTR006,
	GTR013_1,
	xmlOrder,
	GTR017,
	GTR018_1,
	GTR018_2,
	GTR019_1,
	GTR019_2,
	GTR020_1,
	GTR020_2,
	fromLint(tests.TestsMissing),
	fromLint(general.ToolIDShape),
	fromLint(general.ToolVersionPEP440),
	fromLint(requirements.RequirementsDeclared),
	fromLint(stdio.ErrorHandlingMissing),
	fromLint(general.EDAMXrefsDeclared),
	fromLint(help.HelpMissing),
	fromLint(general.ToolDescription),
	fromLint(command.LoneAmpersand),
	fromLint(requirements.RequirementVersionMissing),
	fromLint(command.ParamUnused),
	GTR035_1,
	GTR035_2,
	GTR036,
	GTR037_1,
	nameRedundantArgument,
	fromLint(citations.CitationsMissing),
	fromLint(command.TodoText),
	fromLint(outputs.OutputsNameDuplicated),
	fromLint(outputs.OutputsNameInvalidCheetah),
	fromLint(outputs.OutputsCollectionType),
	fromLint(outputs.OutputsFormatSourceIncompatible),
	fromLint(command.CommandMissing),
	fromLint(general.ToolProfileInvalid),
	fromLint(requirements.RequirementNameMissing),
	fromLint(general.ToolVersionWhitespace),
	fromLint(outputs.OutputsMissing),
	fromLint(outputs.OutputsFormat),
	fromLint(outputs.OutputsLabelDuplicated),
	fromLint(requirements.ContainerImageShape),
	fromLint(outputs.OutputsFilterExpression),
	fromLint(stdio.StdioRegexInvalid),
	fromLint(inputs.InputsNameMissing),
	fromLint(inputs.InputsNameValid),
	fromLint(inputs.InputsNameDuplicate),
	fromLint(outputs.OutputsNameDuplicatesInput),
	fromLint(inputs.SelectOptionsDefinition),
	fromLint(inputs.SelectOptionValueMissing),
	fromLint(inputs.SelectOptionDuplicate),
	fromLint(inputs.SelectOptionsMultiple),
	fromLint(inputs.SelectOptionsSourceMissing),
	fromLint(inputs.SelectOptionsSourceConflict),
	fromLint(inputs.SelectOptionsDeprecated),
	fromLint(validators.Compatibility),
	fromLint(validators.Text),
	fromLint(validators.Expression),
	fromLint(validators.RequiredAttributes),
	fromLint(conditionals.TestParamType),
	fromLint(conditionals.TestParamAttributes),
	fromLint(conditionals.Branches),
	fromLint(inputs.InputsMissing),
	fromLint(params.ChildElements),
	fromLint(params.DataOptions),
	fromLint(params.BooleanValues),
	fromLint(params.SelectDisplay),
	fromLint(params.OptionsFilterAttributes),
	fromLint(params.OptionsFilterRegex),
	fromLint(params.OptionsFilterReferences),
	fromLint(tests.TestsAsserts),
	fromLint(tests.TestsOutputCompareAttrib),
	fromLint(tests.TestsOutputName),
	fromLint(tests.TestsOutputDefined),
	fromLint(tests.TestsOutputCheckDiscovered),
	fromLint(tests.TestsParamInInputs),
	fromLint(tests.TestsOutputFailing),
	fromLint(tests.TestsExpectNumOutputs),
	fromLint(tests.TestsHasExpectations),
	GTR089_1,
	helpInvalidRST,
	fromLint(outputs.OutputsInputReference),
	fromLint(inputs.DataFormatMissing),
	fromLint(general.ToolIdentityMissing),
	GTR096,
	fromLint(datatypes.DatatypesValid),
	fromLint(datatypes.DatatypesCustomConf),
	fromLint(tests.TestsAssertionValidation),
	fromLint(tests.TestsCaseValidation),
	fromLint(command.BooleanGatesOptions),
	fromLint(macros.XMLMacroCheetah),
	fromLint(command.OptionalDefaultBare),
	GTR106,
	fromLint(general.ToolVersionLiteral),
	fromLint(stdio.DetectErrorsNotAggressive),
	fromLint(requirements.ResourceRequirementExpression),
	fromLint(command.CommandInterpreterDeprecated),
	fromLint(outputs.OutputsFormatInput),
	fromLint(xsd.SchemaInvalid),
	fromLint(files.RequiredFilesExist),
	GTR201,
	GTR202,
	GTR203,
	GTR204,
	GTR205,
	GTR206,
	GTR207,
	GTR208,
}

// Lookup returns the rule with the given code (case-insensitive), or nil.
// A run looks up the code of every finding (a strict check of the corpus
// has 130,000), so the codes are indexed, once per registry list.
func Lookup(code string) *Rule {
	idx := lastIndex.Load()
	if idx == nil || len(idx.all) != len(All) || len(All) > 0 && &idx.all[0] != &All[0] {
		idx = &codeIndex{all: All, byCode: make(map[string]*Rule, len(All))}
		for _, r := range All {
			if _, dup := idx.byCode[r.Code]; !dup {
				idx.byCode[r.Code] = r
			}
		}
		lastIndex.Store(idx)
	}
	if r, ok := idx.byCode[code]; ok {
		return r
	}
	return idx.byCode[strings.ToUpper(strings.TrimSpace(code))]
}

// codeIndex maps the codes of a registry list to its rules.
type codeIndex struct {
	all    []*Rule
	byCode map[string]*Rule
}

// lastIndex is the index of the registry list Lookup last read: tests
// may set All to another list, which is indexed anew.
var lastIndex atomic.Pointer[codeIndex]

// Children returns the partition halves of a parent code, in code order.
func Children(parent string) []*Rule {
	parent = strings.ToUpper(parent)
	var out []*Rule
	for _, r := range All {
		if r.Parent == parent {
			out = append(out, r)
		}
	}
	return out
}

// sortByOrder sorts rules by application order, then code.
func sortByOrder(rs []*Rule) {
	slices.SortStableFunc(rs, func(a, b *Rule) int {
		if a.Order != b.Order {
			return a.Order - b.Order
		}
		return strings.Compare(a.Code, b.Code)
	})
}
