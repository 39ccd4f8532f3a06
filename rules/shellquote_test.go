package rules

import (
	"testing"

	"pgregory.net/rapid"
)

func TestShellQuotingPlace(t *testing.T) {
	tests := []struct {
		name, before string
		want         shellPlace
		heredoc      bool
	}{
		{"top", "cat ", placeUnquoted, false},
		{"after closed single", "echo 'a b' ", placeUnquoted, false},
		{"inside single", "echo 'a ", placeQuoted, false},
		{"backslash is literal in single", `echo 'a\`, placeQuoted, false},
		{"inside double", `echo "a `, placeQuoted, false},
		{"escaped double in double", `echo "a \" `, placeQuoted, false},
		{"escaped quote outside", `echo \' `, placeUnquoted, false},
		{"escaped backslash then quote", `echo \\'`, placeQuoted, false},
		{"ansi-c", `echo $'it\'s `, placeQuoted, false},
		{"ansi-c closed", `echo $'it\'s' `, placeUnquoted, false},
		{"across lines", "echo 'a\nb", placeQuoted, false},
		{"single inside double", `echo "it's `, placeQuoted, false},
		{"double inside single", `echo '"' `, placeUnquoted, false},
		{"subst at top", "n=$(wc -l < ", placeUnquoted, false},
		{"subst in double", `echo "$(cat `, placeNested, false},
		{"quoted in subst in double", `echo "$(cat "`, placeQuoted, false},
		{"subst in double closed", `echo "$(cat x)`, placeQuoted, false},
		{"subst in double, nested parens", `echo "$(f (a) `, placeNested, false},
		{"backtick in double", "echo \"`cat ", placeNested, false},
		{"backtick in double closed", "echo \"`cat x` ", placeQuoted, false},
		{"brace in double", `echo "${x:-`, placeQuoted, false},
		{"brace in double with quotes", `echo "${x:-"a"}" `, placeUnquoted, false},
		{"arithmetic", "n=$(( 1 + ", placeArith, false},
		{"arithmetic closed", "n=$(( (1) + 2 )) ", placeUnquoted, false},
		{"arithmetic in double", `echo "$(( 1 + `, placeArith, false},
		{"arithmetic in double closed", `echo "$((1))" `, placeUnquoted, false},
		{"here-string", "cat <<< ", placeUnquoted, false},
		{"here-document", "cat <<EOF\n", placeUnquoted, true},
		{"quoted here-document", "cat <<'EOF'\n", placeUnquoted, true},
		{"here-document in quotes", "echo '<<EOF' ", placeUnquoted, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var s shellQuoting
			s.feed(tt.before)
			if got := s.place(); got != tt.want {
				t.Errorf("place after %q = %d, want %d", tt.before, got, tt.want)
			}
			if s.heredoc != tt.heredoc {
				t.Errorf("heredoc after %q = %v, want %v", tt.before, s.heredoc, tt.heredoc)
			}
		})
	}
}

func TestShellQuotingWordIsOpaque(t *testing.T) {
	// A value between "$" and "(" must not make a "$(".
	var s shellQuoting
	s.feed(`echo "\$`)
	s.word()
	s.feed("(")
	if got := s.place(); got != placeQuoted {
		t.Errorf("place = %d, want quoted", got)
	}
	for _, text := range []string{"cmd 2>&", "cmd >& ", "cmd <&"} {
		var fd shellQuoting
		fd.feed(text)
		if !fd.dupTarget() {
			t.Errorf("dupTarget after %q = false", text)
		}
		fd.word()
		if fd.dupTarget() {
			t.Errorf("dupTarget after %q and a word = true", text)
		}
	}
	for _, text := range []string{"cmd &> ", "a & ", "cmd 2>&1 "} {
		var fd shellQuoting
		if fd.feed(text); fd.dupTarget() {
			t.Errorf("dupTarget after %q = true", text)
		}
	}
}

func TestShellQuotingCloneEqual(t *testing.T) {
	var a shellQuoting
	a.feed(`x "`)
	b := a.clone()
	if !a.equal(b) {
		t.Fatal("clone differs")
	}
	b.feed(`"`)
	if a.equal(b) || a.top() != ctxDouble {
		t.Error("clone shares state with the original")
	}
}

// TestShellQuotingFeedRuns checks that feed, which skips runs of inert
// bytes, ends in the state that stepping and remembering each byte in
// turn reaches, for texts fed in any pieces.
func TestShellQuotingFeedRuns(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		pieces := rapid.SliceOf(rapid.StringOf(rapid.RuneFrom([]rune(" \t\nab$<>&'\"\\`(){}")))).Draw(t, "pieces")
		var fed, stepped shellQuoting
		for _, p := range pieces {
			fed.feed(p)
			for i := 0; i < len(p); i++ {
				stepped.step(p[i])
				stepped.remember(p[i])
			}
			if !fed.equal(&stepped) || fed.hist != stepped.hist || fed.solid != stepped.solid || fed.place() != stepped.place() {
				t.Fatalf("after %q: feed %+v, step by step %+v", pieces, fed, stepped)
			}
		}
	})
}
