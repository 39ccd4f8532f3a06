package upgrade

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/galaxy-gtr/gtr/rules/schema"
)

// galaxyProfiles are the profiles Galaxy has, oldest first: every release
// since profiles began (16.01). A tool may declare any of them.
var galaxyProfiles = []string{
	"16.01", "16.04", "16.07", "16.10",
	"17.01", "17.05", "17.09",
	"18.01", "18.05", "18.09",
	"19.01", "19.05", "19.09",
	"20.01", "20.05", "20.09",
	"21.01", "21.05", "21.09",
	"22.01", "22.05",
	"23.0", "23.1", "23.2",
	"24.0", "24.1", "24.2",
	"25.0", "25.1",
	"26.0", "26.1",
}

// profileIndex is the place of each listed profile in galaxyProfiles.
var profileIndex = func() map[string]int {
	m := make(map[string]int, len(galaxyProfiles))
	for i, p := range galaxyProfiles {
		m[p] = i
	}
	return m
}()

// Baseline is the profile Galaxy runs a tool without profile= as.
const Baseline = "16.01"

// Profiles returns Galaxy's profiles, oldest first: 16.01 … 26.1. The
// newest is the newest profile a schema is known for.
func Profiles() []string { return slices.Clone(galaxyProfiles) }

// Latest returns the newest profile.
func Latest() string { return galaxyProfiles[len(galaxyProfiles)-1] }

// Oldest returns the oldest profile.
func Oldest() string { return galaxyProfiles[0] }

// IsProfile reports whether p is one of Galaxy's profiles, spelt as
// [Profiles] spells it.
func IsProfile(p string) bool { return slices.Contains(galaxyProfiles, p) }

// Compare orders two profile versions ("16.04" < "21.09" < "23.0");
// versions need not be listed profiles. It reports false when either does
// not read as a version (dot-separated numbers).
func Compare(a, b string) (int, bool) {
	if ia, ok := profileIndex[a]; ok {
		if ib, ok := profileIndex[b]; ok {
			return cmp.Compare(ia, ib), true
		}
	}
	va, oka := version(a)
	vb, okb := version(b)
	if !oka || !okb {
		return 0, false
	}
	for i := 0; i < max(len(va), len(vb)); i++ {
		x, y := 0, 0
		if i < len(va) {
			x = va[i]
		}
		if i < len(vb) {
			y = vb[i]
		}
		if x != y {
			if x < y {
				return -1, true
			}
			return 1, true
		}
	}
	return 0, true
}

// less reports whether version a is older than b; versions that do not
// read are never less.
func less(a, b string) bool {
	c, ok := Compare(a, b)
	return ok && c < 0
}

func version(s string) ([]int, bool) {
	s = strings.TrimSpace(s)
	if s == "" {
		return nil, false
	}
	var v []int
	for part := range strings.SplitSeq(s, ".") {
		n, err := strconv.Atoi(part)
		if err != nil || n < 0 {
			return nil, false
		}
		v = append(v, n)
	}
	return v, true
}

// Between returns the profiles p with from < p <= to, oldest first.
func Between(from, to string) []string {
	var out []string
	for _, p := range galaxyProfiles {
		if less(from, p) && !less(to, p) {
			out = append(out, p)
		}
	}
	return out
}

// AtOrAbove returns the profiles not older than floor, oldest first.
func AtOrAbove(floor string) []string {
	var out []string
	for _, p := range galaxyProfiles {
		if !less(p, floor) {
			out = append(out, p)
		}
	}
	return out
}

// UpTo returns the profiles not newer than ceiling, oldest first.
func UpTo(ceiling string) []string {
	var out []string
	for _, p := range galaxyProfiles {
		if !less(ceiling, p) {
			out = append(out, p)
		}
	}
	return out
}

// Below returns the newest profile strictly older than p, and false when
// none is.
func Below(p string) (string, bool) {
	best, ok := "", false
	for _, q := range galaxyProfiles {
		if less(q, p) {
			best, ok = q, true
		}
	}
	return best, ok
}

// Placeable returns the listed profile a declared version runs as: the
// newest profile not newer than it. Galaxy compares profiles as versions,
// so "21.9" is 21.09 and "24.1.1" runs as 24.1. It reports false for a
// value that is not a version or is older than every profile.
func Placeable(declared string) (string, bool) {
	if declared == "" {
		return Baseline, true
	}
	if _, ok := version(declared); !ok {
		return "", false
	}
	best, ok := "", false
	for _, p := range galaxyProfiles {
		if !less(declared, p) {
			best, ok = p, true
		}
	}
	return best, ok
}

// SchemaOf returns the schema a tool at profile p is validated with, as
// rules/schema names it, and what that schema is: "" when it is the
// release's own schema, otherwise a sentence naming the stand-in (the
// oldest schema for the profiles before Galaxy shipped one, a dev schema
// for releases whose schema is not available here).
func SchemaOf(p string) (name, standIn string) {
	if s, ok := schemas()[p]; ok {
		return s.name, s.standIn
	}
	name, err := schema.Resolve(p)
	if err != nil {
		return "", ""
	}
	return name, schema.StandIn(p)
}

// schemaFile returns the schema file that validates profile p, as
// schema.SchemaFile does, for the listed profiles from a table.
func schemaFile(p string) string {
	if s, ok := schemas()[p]; ok {
		return s.file
	}
	return schema.SchemaFile(p)
}

type profileSchema struct{ name, standIn, file string }

// schemas maps every listed profile to its schema: the upgrade asks for
// them thousands of times a run.
var schemas = sync.OnceValue(func() map[string]profileSchema {
	m := make(map[string]profileSchema, len(galaxyProfiles))
	for _, p := range galaxyProfiles {
		name, err := schema.Resolve(p)
		if err != nil {
			continue
		}
		m[p] = profileSchema{name: name, standIn: schema.StandIn(p), file: schema.SchemaFile(p)}
	}
	return m
})

// Deployment is the newest profile every major public Galaxy server runs
// (usegalaxy.org, .eu, .org.au, .fr, .ca), as polled on Snapshot. A walk
// without an explicit target never declares a profile past it: a newer
// declaration would not install on the servers that lag.
var Deployment = struct {
	Ceiling  string
	Snapshot time.Time
	// StaleAfter is how old a snapshot may get before results say it
	// should be polled again.
	StaleAfter time.Duration
}{
	Ceiling:    "25.1",
	Snapshot:   time.Date(2026, 6, 12, 0, 0, 0, 0, time.UTC),
	StaleAfter: 180 * 24 * time.Hour,
}

// staleDeploymentNote returns the note that the deployment snapshot is
// older than [Deployment].StaleAfter at now, or "".
func staleDeploymentNote(now time.Time) string {
	age := now.Sub(Deployment.Snapshot)
	if age <= Deployment.StaleAfter {
		return ""
	}
	return fmt.Sprintf("  the deployment ceiling %s comes from a snapshot of the public Galaxy servers taken %s, %d days ago; "+
		"servers may have moved on since, so check what they run (their /api/version) before relying on the ceiling.",
		Deployment.Ceiling, Deployment.Snapshot.Format("2006-01-02"), int(age.Hours()/24))
}
