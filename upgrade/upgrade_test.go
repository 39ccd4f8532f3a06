package upgrade

import (
	"strings"
	"testing"
	"time"

	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// modeTool is a small valid tool; profile replaces PROFILE.
const modeTool = `<tool id="t" name="T" version="1.0"PROFILE>
    <command><![CDATA[cat '$input' > '$out']]></command>
    <inputs>
        <param name="input" type="data" format="txt" label="In"/>
    </inputs>
    <outputs>
        <data name="out" format="txt"/>
    </outputs>
</tool>
`

func withProfile(attr string) string { return strings.Replace(modeTool, "PROFILE", attr, 1) }

func upgradeOf(t *testing.T, src string, opts Options) *Result {
	t.Helper()
	if opts.Macros.Files == nil {
		opts.Macros = macros.Options{NoDisk: true}
	}
	if opts.Now.IsZero() {
		opts.Now = Deployment.Snapshot.Add(24 * time.Hour)
	}
	res, err := Upgrade("tool.xml", []byte(src), opts)
	require.NoError(t, err)
	return res
}

// TestModes pins each mode's outcome and note on small tools.
func TestModes(t *testing.T) {
	t.Run("minimal undeclared", func(t *testing.T) {
		res := upgradeOf(t, withProfile(""), Options{})
		assert.False(t, res.Changed)
		assert.Equal(t, "16.01", res.BaselineProfile)
		assert.Equal(t, "16.01", res.ReachedProfile)
		assert.Contains(t, res.Notes[0], "no profile= declared: left undeclared")
		require.NotNil(t, res.BehaviorPreserving)
		assert.True(t, *res.BehaviorPreserving)
	})
	t.Run("minimal kept", func(t *testing.T) {
		res := upgradeOf(t, withProfile(` profile="21.01"`), Options{})
		assert.False(t, res.Changed)
		assert.Contains(t, res.Notes[0], "profile 21.01 kept")
		assert.Equal(t, withProfile(` profile="21.01"`), string(res.Formatted))
	})
	t.Run("minimal bumped", func(t *testing.T) {
		// A test parameter's location= is in the schema from 23.1 on.
		src := strings.Replace(withProfile(` profile="23.0"`), "</tool>",
			"    <tests>\n        <test>\n            <param name=\"input\" value=\"a.txt\" location=\"https://example.org/a.txt\"/>\n        </test>\n    </tests>\n</tool>", 1)
		res := upgradeOf(t, src, Options{})
		require.True(t, res.Changed, "%v", res.Notes)
		assert.Equal(t, "23.1", res.ReachedProfile)
		assert.Contains(t, res.Notes[0], "profile 23.0→23.1: bumped to the minimum profile the tool validates at")
		assert.Contains(t, string(res.Formatted), `profile="23.1"`)
	})
	t.Run("modernize", func(t *testing.T) {
		res := upgradeOf(t, withProfile(` profile="21.01"`), Options{Modernize: true})
		assert.True(t, res.Changed)
		assert.Equal(t, Deployment.Ceiling, res.ReachedProfile)
		assert.Contains(t, string(res.Formatted), `profile="`+Deployment.Ceiling+`"`)
		assert.Contains(t, strings.Join(res.Notes, "\n"), "capped at "+Deployment.Ceiling+", the deployment ceiling")
		assert.Empty(t, res.StoppedAt)
	})
	t.Run("target past the deployment ceiling", func(t *testing.T) {
		res := upgradeOf(t, withProfile(` profile="21.01"`), Options{TargetProfile: "26.1"})
		assert.Equal(t, "26.1", res.ReachedProfile)
		assert.NotContains(t, strings.Join(res.Notes, "\n"), "deployment ceiling")
	})
	t.Run("target below the baseline", func(t *testing.T) {
		res := upgradeOf(t, withProfile(` profile="23.0"`), Options{TargetProfile: "20.01"})
		assert.False(t, res.Changed)
		assert.Contains(t, res.Notes[0], "an upgrade never lowers a profile")
	})
	t.Run("blocked", func(t *testing.T) {
		src := strings.Replace(withProfile(""), "<command><![CDATA[cat '$input' > '$out']]></command>",
			`<command interpreter="python">#if True
run.py
#end if</command>`, 1)
		res := upgradeOf(t, src, Options{Modernize: true})
		assert.False(t, res.Changed)
		assert.Equal(t, []string{"16_04_fix_interpreter"}, res.BlockingCodes)
		assert.Equal(t, "16.01", res.StoppedAt)
		assert.Contains(t, res.Notes[0], "profile upgrade left profile= unchanged: 16_04_fix_interpreter applies")
		allowed := upgradeOf(t, src, Options{Modernize: true, AllowBehaviorChange: true})
		assert.True(t, allowed.Changed)
		require.NotNil(t, allowed.BehaviorPreserving)
		assert.False(t, *allowed.BehaviorPreserving)
		assert.Contains(t, strings.Join(allowed.Notes, "\n"), "1 must-fix")
	})
	t.Run("unplaceable", func(t *testing.T) {
		res := upgradeOf(t, withProfile(` profile="@NOPE@"`), Options{Modernize: true})
		assert.False(t, res.Changed)
		assert.Nil(t, res.BehaviorPreserving)
		assert.Contains(t, res.Notes[0], "does not resolve to a version")
	})
	t.Run("stale snapshot", func(t *testing.T) {
		res := upgradeOf(t, withProfile(` profile="21.01"`), Options{Modernize: true, Now: Deployment.Snapshot.Add(200 * 24 * time.Hour)})
		assert.Contains(t, strings.Join(res.Notes, "\n"), "200 days ago")
		fresh := upgradeOf(t, withProfile(` profile="21.01"`), Options{Modernize: true})
		assert.NotContains(t, strings.Join(fresh.Notes, "\n"), "days ago")
	})
	t.Run("stand-in named", func(t *testing.T) {
		res := upgradeOf(t, withProfile(` profile="21.01"`), Options{Modernize: true})
		_, standIn := SchemaOf(res.ReachedProfile)
		if standIn != "" {
			assert.Contains(t, strings.Join(res.Notes, "\n"), standIn)
		}
	})
}

// TestCheckOptions pins the option errors.
func TestCheckOptions(t *testing.T) {
	err := CheckOptions(Options{AllowBehaviorChange: true})
	var fe *FlagError
	require.ErrorAs(t, err, &fe)
	err = CheckOptions(Options{TargetProfile: "24.3"})
	var pe *UnknownProfileError
	require.ErrorAs(t, err, &pe)
	assert.Contains(t, err.Error(), "16.01 (the oldest) to 26.1 (the newest)")
	assert.NoError(t, CheckOptions(Options{TargetProfile: "24.2", AllowBehaviorChange: true}))
}
