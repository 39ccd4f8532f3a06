package upgrade

import "testing"

// TestParseByteSize reads sizes as Galaxy's parse_bytesize does: the
// suffix is cut off the upper-cased value before int() or float() sees
// the rest, so whitespace may stand between number and suffix but not
// after the suffix.
func TestParseByteSize(t *testing.T) {
	for _, c := range []struct {
		in    string
		canon string
		zero  bool
		ok    bool
	}{
		{"100", "100", false, true},
		{" 100 ", "100", false, true},
		{"+5", "5", false, true},
		{"0100", "100", false, true},
		{"1k", "1K", false, true},
		{"1 k", "1K", false, true},
		{"2mi", "2Mi", false, true},
		{"1.5M", "1500000", false, true},
		{"1e3", "1000", false, true},
		{".5K", "500", false, true},
		{"1E", "1E", false, true},
		{"0", "", true, true},
		{"0K", "", true, true},
		{"-0", "", true, true},
		{"0.0", "", true, true},
		{"1.5", "", false, false},
		{"-1", "", false, false},
		{"1K ", "", false, false},
		{"1KB", "", false, false},
		{"1_000", "", false, false},
		{"inf", "", false, false},
		{"", "", false, false},
		{"99999999999999999999", "", false, false},
	} {
		got, ok := parseByteSize(c.in)
		if ok != c.ok || got.canon != c.canon || got.zero != c.zero {
			t.Errorf("parseByteSize(%q) = %+v, %v; want {canon:%s zero:%v}, %v", c.in, got, ok, c.canon, c.zero, c.ok)
		}
	}
}

func TestTrimCollectionType(t *testing.T) {
	for in, want := range map[string]string{
		"list":                 "list",
		" list , list:paired ": "list,list:paired",
		"list,,paired":         "list,,paired",
		"list :paired":         "list :paired",
	} {
		if got := trimCollectionType(in); got != want {
			t.Errorf("trimCollectionType(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestNormalizeFormat(t *testing.T) {
	for _, c := range []struct {
		in   string
		kind int
		want string
	}{
		{"Tabular, TXT,,", formatList, "tabular,txt"},
		{" , ", formatList, ""},
		{" BAM ", formatOne, "bam"},
		{"tabular,txt", formatOne, "tabular,txt"},
	} {
		if got := normalizeFormat(c.in, c.kind); got != c.want {
			t.Errorf("normalizeFormat(%q, %d) = %q, want %q", c.in, c.kind, got, c.want)
		}
	}
}
