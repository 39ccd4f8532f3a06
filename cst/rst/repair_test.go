package rst

import (
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// TestRepairText pins each repair RepairText makes, and the texts it must
// leave alone: a message with no deterministic repair, and repairs the
// gate vetoes because docutils would render the repaired text otherwise.
func TestRepairText(t *testing.T) {
	tests := []struct {
		name, in, want string // want "" leaves the text as it is
	}{
		// docutils 0.19 warns when an underline of 4 or more characters is
		// shorter than the title's column width.
		{"underline", "Usage\n====\n\ntext\n", "Usage\n=====\n\ntext\n"},
		{"underline wide chars", "標題標題\n=====\n\ntext\n", "標題標題\n========\n\ntext\n"},
		{"underline trailing space", "Usage here\n=====  \n\ntext\n", "Usage here\n==========  \n\ntext\n"},
		{"overline", "=====\nUsage here\n=====\n\ntext\n", "==========\nUsage here\n==========\n\ntext\n"},
		// An underline under 4 characters is ordinary text (an INFO message):
		// nothing to repair.
		{"short underline is text", "Usage\n===\n\ntext\n", ""},
		// Each construct docutils ends at an unindented line without a
		// blank line renders the same with the blank line.
		{"bullet list", "* a\n* b\nnext\n", "* a\n* b\n\nnext\n"},
		{"enumerated list", "1. a\n2. b\n3. c\nnext\n", "1. a\n2. b\n\n3. c\nnext\n"},
		{"definition list", "term\n  def\nnext\n", "term\n  def\n\nnext\n"},
		{"field list", ":f: v\nnext\n", ":f: v\n\nnext\n"},
		{"option list", "-a  opt\nnext\n", "-a  opt\n\nnext\n"},
		{"block quote", "para\n\n  quote\nnext\n", "para\n\n  quote\n\nnext\n"},
		{"literal block", "::\n\n  lit\nnext\n", "::\n\n  lit\n\nnext\n"},
		{"line block", "| a\n| b\nnext\n", "| a\n| b\n\nnext\n"},
		{"explicit markup", ".. note:: x\nnext\n", ".. note:: x\n\nnext\n"},
		{"unexpected indentation", "text\nusage:\n   x y\n", "text\nusage:\n\n   x y\n"},
		// A start-string without end-string renders as its text: escaped,
		// it reads as that text.
		{"emphasis", "a *b c\n", "a \\*b c\n"},
		{"strong", "a **b c\n", "a \\*\\*b c\n"},
		{"literal", "a ``b c\n", "a \\`\\`b c\n"},
		{"interpreted", "a `b c\n", "a \\`b c\n"},
		{"interpreted with role", "a :r:`b c\n", "a :r:\\`b c\n"},
		{"substitution", "a |b c\n", "a \\|b c\n"},
		{"target", "a _`b c\n", "a _\\`b c\n"},
		// Several repairs in one text, made one after the other.
		{"several", "Usage\n====\n\n* a *b\nnext\n", "Usage\n=====\n\n* a \\*b\n\nnext\n"},
		// The example of GTR089.1's documentation.
		{"rule example", "\nUsage\n====\n\n* sort\nthen filter\n", "\nUsage\n=====\n\n* sort\n\nthen filter\n"},
		// No deterministic repair: the author meant a literal block.
		{"literal block expected", "Example::\n\nnot indented\n", ""},
		{"unknown directive", ".. foo:: x\n", ""},
		{"trailing transition", "text\n\n----------\n", ""},
		// The gate vetoes the escape: in a grid table cell the backslash
		// pushes the cell's border out of line, and docutils reports the
		// table malformed.
		{"gate veto", "+------+---+\n| a *b | c |\n+------+---+\n", ""},
		{"valid", "Usage\n=====\n\ntext\n", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := RepairText(tt.in)
			want := tt.want
			if want == "" {
				want = tt.in
			}
			if r.Text != want {
				t.Fatalf("RepairText(%q) = %q, want %q (repairs %q)", tt.in, r.Text, want, r.Repairs)
			}
			if got := (candidate{edits: r.Insertions}).apply(tt.in); got != r.Text {
				t.Errorf("the insertions make %q, not the repaired text", got)
			}
			if (len(r.Repairs) > 0) != (tt.want != "") {
				t.Errorf("repairs %q, want some: %v", r.Repairs, tt.want != "")
			}
			if tt.want == "" {
				if (r.Before.Invalid() == nil) != (tt.name == "valid" || tt.name == "short underline is text") {
					t.Errorf("Invalid() = %v", r.Before.Invalid())
				}
				if tt.name == "gate veto" && len(candidates(r.Before, new([]srcLine), r.Before.Invalid())) == 0 {
					t.Errorf("no repair to veto")
				}
				if r.Before.Invalid() != nil && r.Residual() == nil {
					t.Errorf("unrepaired invalid text has no residual message")
				}
				return
			}
			if HTML(r.After) != HTML(r.Before) {
				t.Errorf("the repaired text renders otherwise")
			}
			if r.FirstFixed() == nil {
				t.Errorf("a repaired text names no fixed message")
			}
			if m := r.After.Invalid(); m != nil {
				t.Errorf("the repaired text is still invalid: %s", m)
			}
			if again := RepairText(r.Text); len(again.Repairs) > 0 {
				t.Errorf("a second repair changes the text: %s", strings.Join(again.Repairs, "; "))
			}
		})
	}
}

// checkRepair checks what must hold of RepairText on any text: the
// insertions make the repaired text, a repair passes the gate against the
// text given, and repairing again changes nothing.
func checkRepair(t interface {
	Helper()
	Errorf(string, ...any)
}, text string) {
	t.Helper()
	r := RepairText(text)
	if got := (candidate{edits: r.Insertions}).apply(text); got != r.Text {
		t.Errorf("the insertions make %q, not the repaired %q", got, r.Text)
	}
	if len(r.Repairs) == 0 {
		if r.Text != text {
			t.Errorf("no repair, yet %q became %q", text, r.Text)
		}
		return
	}
	if !improves(r.Before, r.After) || HTML(r.After) != HTML(r.Before) {
		t.Errorf("the repair of %q to %q fails the gate", text, r.Text)
	}
	if again := RepairText(r.Text); len(again.Repairs) > 0 {
		t.Errorf("repairing %q again changes it: %s", r.Text, strings.Join(again.Repairs, "; "))
	}
}

// TestPropertyRepair checks RepairText's invariants on generated text.
func TestPropertyRepair(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) { checkRepair(t, genRST(t)) })
}

// FuzzRepair checks RepairText's invariants on arbitrary text.
//
//	go test -run='^$' -fuzz='^FuzzRepair$' -fuzztime=5m ./cst/rst/
func FuzzRepair(f *testing.F) {
	f.Add("Usage\n====\n\n* a *b\nnext\n")
	f.Fuzz(func(t *testing.T, text string) { checkRepair(t, text) })
}
