package upgrade

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestCodesFresh keeps the embedded catalogue equal to Galaxy's copy in
// the shared folder.
func TestCodesFresh(t *testing.T) {
	src, err := os.ReadFile(filepath.Join(sharedDir(t), "galaxy", "upgrade_codes.json"))
	if err != nil {
		t.Skip("no shared upgrade_codes.json:", err)
	}
	if !bytes.Equal(src, upgradeCodes) {
		t.Fatal("upgrade/upgrade_codes.json differs from ../shared/galaxy/upgrade_codes.json: copy it over")
	}
}

func TestCodes(t *testing.T) {
	codes := Codes()
	require.Len(t, codes, 18)
	require.Equal(t, "16.04", codes[0].Profile)
	c, ok := LookupCode("24_2_FIX_TEST_CASE_VALIDATION")
	require.True(t, ok)
	require.Equal(t, "24.2", c.Profile)
	require.Equal(t, MustFix, c.Level)
	c, ok = LookupCode("23_0_consider_optional_text")
	require.True(t, ok)
	require.Equal(t, "23.0", c.Profile)
	var names []string
	for _, c := range Crossed("21.01", "24.0") {
		names = append(names, c.Name)
	}
	require.Equal(t, []string{"21_09_fix_from_work_dir_whitespace", "21_09_consider_python_environment",
		"23_0_consider_optional_text", "24_0_consider_python_environment", "24_0_request_cleaning"}, names)
	_, err := parseCodes([]byte(`{"x_fix": {"level": "must_fix"}}`))
	require.Error(t, err)
	_, err = parseCodes([]byte(`{"16_04_x": {"level": "maybe"}}`))
	require.Error(t, err)
}
