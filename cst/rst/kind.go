package rst

// Kind is the class of a node, as docutils names its node classes.
type Kind uint8

// The node kinds, one per docutils node class the reader makes.
const (
	KindDocument Kind = iota
	KindSection
	KindTitle
	KindSubtitle
	KindParagraph
	KindText
	KindBulletList
	KindEnumeratedList
	KindListItem
	KindDefinitionList
	KindDefinitionListItem
	KindTerm
	KindClassifier
	KindDefinition
	KindFieldList
	KindField
	KindFieldName
	KindFieldBody
	KindOptionList
	KindOptionListItem
	KindOptionGroup
	KindOption
	KindOptionString
	KindOptionArgument
	KindDescription
	KindLiteralBlock
	KindDoctestBlock
	KindMathBlock
	KindLineBlock
	KindLine
	KindBlockQuote
	KindAttribution
	KindTable
	KindTgroup
	KindColspec
	KindThead
	KindTbody
	KindRow
	KindEntry
	KindTransition
	KindComment
	KindTarget
	KindSubstitutionDefinition
	KindFootnote
	KindCitation
	KindLabel
	KindSystemMessage
	KindEmphasis
	KindStrong
	KindLiteral
	KindTitleReference
	KindReference
	KindFootnoteReference
	KindCitationReference
	KindSubstitutionReference
	KindProblematic
	KindInline
	KindSubscript
	KindSuperscript
	KindAbbreviation
	KindAcronym
	KindMath
	KindImage
	KindFigure
	KindCaption
	KindLegend
	KindAdmonition
	KindAttention
	KindCaution
	KindDanger
	KindError
	KindHint
	KindImportant
	KindNote
	KindTip
	KindWarning
	KindRaw
	KindPending
	KindContainer
	KindTopic
	KindSidebar
	KindRubric
	KindCompound
	KindGenerated
	KindDocinfo
	KindAuthor
	KindAuthors
	KindOrganization
	KindAddress
	KindContact
	KindVersion
	KindRevision
	KindStatus
	KindDate
	KindCopyright
	KindDecoration
	KindHeader
	KindFooter
)

// kindNames holds docutils' name of each kind (its tagname).
var kindNames = [...]string{
	KindDocument:               "document",
	KindSection:                "section",
	KindTitle:                  "title",
	KindSubtitle:               "subtitle",
	KindParagraph:              "paragraph",
	KindText:                   "#text",
	KindBulletList:             "bullet_list",
	KindEnumeratedList:         "enumerated_list",
	KindListItem:               "list_item",
	KindDefinitionList:         "definition_list",
	KindDefinitionListItem:     "definition_list_item",
	KindTerm:                   "term",
	KindClassifier:             "classifier",
	KindDefinition:             "definition",
	KindFieldList:              "field_list",
	KindField:                  "field",
	KindFieldName:              "field_name",
	KindFieldBody:              "field_body",
	KindOptionList:             "option_list",
	KindOptionListItem:         "option_list_item",
	KindOptionGroup:            "option_group",
	KindOption:                 "option",
	KindOptionString:           "option_string",
	KindOptionArgument:         "option_argument",
	KindDescription:            "description",
	KindLiteralBlock:           "literal_block",
	KindDoctestBlock:           "doctest_block",
	KindMathBlock:              "math_block",
	KindLineBlock:              "line_block",
	KindLine:                   "line",
	KindBlockQuote:             "block_quote",
	KindAttribution:            "attribution",
	KindTable:                  "table",
	KindTgroup:                 "tgroup",
	KindColspec:                "colspec",
	KindThead:                  "thead",
	KindTbody:                  "tbody",
	KindRow:                    "row",
	KindEntry:                  "entry",
	KindTransition:             "transition",
	KindComment:                "comment",
	KindTarget:                 "target",
	KindSubstitutionDefinition: "substitution_definition",
	KindFootnote:               "footnote",
	KindCitation:               "citation",
	KindLabel:                  "label",
	KindSystemMessage:          "system_message",
	KindEmphasis:               "emphasis",
	KindStrong:                 "strong",
	KindLiteral:                "literal",
	KindTitleReference:         "title_reference",
	KindReference:              "reference",
	KindFootnoteReference:      "footnote_reference",
	KindCitationReference:      "citation_reference",
	KindSubstitutionReference:  "substitution_reference",
	KindProblematic:            "problematic",
	KindInline:                 "inline",
	KindSubscript:              "subscript",
	KindSuperscript:            "superscript",
	KindAbbreviation:           "abbreviation",
	KindAcronym:                "acronym",
	KindMath:                   "math",
	KindImage:                  "image",
	KindFigure:                 "figure",
	KindCaption:                "caption",
	KindLegend:                 "legend",
	KindAdmonition:             "admonition",
	KindAttention:              "attention",
	KindCaution:                "caution",
	KindDanger:                 "danger",
	KindError:                  "error",
	KindHint:                   "hint",
	KindImportant:              "important",
	KindNote:                   "note",
	KindTip:                    "tip",
	KindWarning:                "warning",
	KindRaw:                    "raw",
	KindPending:                "pending",
	KindContainer:              "container",
	KindTopic:                  "topic",
	KindSidebar:                "sidebar",
	KindRubric:                 "rubric",
	KindCompound:               "compound",
	KindGenerated:              "generated",
	KindDocinfo:                "docinfo",
	KindAuthor:                 "author",
	KindAuthors:                "authors",
	KindOrganization:           "organization",
	KindAddress:                "address",
	KindContact:                "contact",
	KindVersion:                "version",
	KindRevision:               "revision",
	KindStatus:                 "status",
	KindDate:                   "date",
	KindCopyright:              "copyright",
	KindDecoration:             "decoration",
	KindHeader:                 "header",
	KindFooter:                 "footer",
}

// String returns docutils' tag name of k ("#text" for text nodes).
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "unknown"
}

// textElements marks the kinds that are docutils TextElements: their text
// is their children's text joined with nothing; other elements join their
// children's text with a blank line.
var textElements = [...]bool{
	KindTitle:                  true,
	KindSubtitle:               true,
	KindParagraph:              true,
	KindTerm:                   true,
	KindClassifier:             true,
	KindFieldName:              true,
	KindOptionString:           true,
	KindOptionArgument:         true,
	KindLiteralBlock:           true,
	KindDoctestBlock:           true,
	KindMathBlock:              true,
	KindLine:                   true,
	KindAttribution:            true,
	KindComment:                true,
	KindTarget:                 true,
	KindSubstitutionDefinition: true,
	KindLabel:                  true,
	KindEmphasis:               true,
	KindStrong:                 true,
	KindLiteral:                true,
	KindTitleReference:         true,
	KindReference:              true,
	KindFootnoteReference:      true,
	KindCitationReference:      true,
	KindSubstitutionReference:  true,
	KindProblematic:            true,
	KindInline:                 true,
	KindSubscript:              true,
	KindSuperscript:            true,
	KindAbbreviation:           true,
	KindAcronym:                true,
	KindMath:                   true,
	KindCaption:                true,
	KindRaw:                    true,
	KindRubric:                 true,
	KindGenerated:              true,
	KindAuthor:                 true,
	KindOrganization:           true,
	KindAddress:                true,
	KindContact:                true,
	KindVersion:                true,
	KindRevision:               true,
	KindStatus:                 true,
	KindDate:                   true,
	KindCopyright:              true,
}

// isStructural reports whether k joins its children's text with blank lines
// (a docutils Element that is not a TextElement).
func (k Kind) isStructural() bool { return k != KindText && !textElements[k] }

// admonitionKinds lists the specific admonitions, whose directive, node and
// HTML class share one name.
var admonitionKinds = map[string]Kind{
	"attention": KindAttention, "caution": KindCaution, "danger": KindDanger,
	"error": KindError, "hint": KindHint, "important": KindImportant,
	"note": KindNote, "tip": KindTip, "warning": KindWarning,
}
