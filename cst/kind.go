package cst

// Kind is the kind of a [Node].
type Kind uint8

// Node kinds.
const (
	KindInvalid   Kind = iota
	KindDocument       // the whole file; its tokens outside children are BOM and whitespace
	KindXMLDecl        // <?xml version="1.0"?>
	KindDoctype        // <!DOCTYPE ...>, internal subset included
	KindPI             // <?target data?>
	KindComment        // <!-- ... -->
	KindElement        // start tag, content and end tag (or one empty-element tag)
	KindStartTag       // <name attr="v" ...> or <name .../>
	KindEndTag         // </name>
	KindAttribute      // name = "value", with the whitespace around "="
	KindText           // character data: text, entity and character references
	KindCDATA          // <![CDATA[ ... ]]>

	numKinds = iota // the number of kinds, for arrays indexed by kind
)

var kindNames = [...]string{
	KindInvalid:   "Invalid",
	KindDocument:  "Document",
	KindXMLDecl:   "XMLDecl",
	KindDoctype:   "Doctype",
	KindPI:        "PI",
	KindComment:   "Comment",
	KindElement:   "Element",
	KindStartTag:  "StartTag",
	KindEndTag:    "EndTag",
	KindAttribute: "Attribute",
	KindText:      "Text",
	KindCDATA:     "CDATA",
}

func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "Kind(?)"
}

// TokKind is the kind of a [Token].
type TokKind uint8

// Token kinds. Every input byte belongs to exactly one token.
const (
	TokInvalid   TokKind = iota
	TokBOM               // the UTF-8 byte order mark EF BB BF
	TokSpace             // whitespace inside tags and outside the root element
	TokChars             // character data without references
	TokEntityRef         // &name;
	TokCharRef           // &#NN; or &#xHH;
	TokCDATA             // a whole CDATA section, delimiters included
	TokComment           // a whole comment, delimiters included
	TokPI                // a whole processing instruction
	TokXMLDecl           // a whole XML declaration
	TokDoctype           // a whole document type declaration
	TokLT                // "<" opening a start tag
	TokLTSlash           // "</" opening an end tag
	TokName              // an element or attribute name
	TokEq                // "=" between an attribute name and value
	TokValue             // an attribute value, quotes included
	TokGT                // ">" closing a tag
	TokSlashGT           // "/>" closing an empty-element tag
	TokError             // bytes that cannot start or continue any construct
)

var tokNames = [...]string{
	TokInvalid:   "Invalid",
	TokBOM:       "BOM",
	TokSpace:     "Space",
	TokChars:     "Chars",
	TokEntityRef: "EntityRef",
	TokCharRef:   "CharRef",
	TokCDATA:     "CDATA",
	TokComment:   "Comment",
	TokPI:        "PI",
	TokXMLDecl:   "XMLDecl",
	TokDoctype:   "Doctype",
	TokLT:        "LT",
	TokLTSlash:   "LTSlash",
	TokName:      "Name",
	TokEq:        "Eq",
	TokValue:     "Value",
	TokGT:        "GT",
	TokSlashGT:   "SlashGT",
	TokError:     "Error",
}

func (k TokKind) String() string {
	if int(k) < len(tokNames) {
		return tokNames[k]
	}
	return "TokKind(?)"
}
