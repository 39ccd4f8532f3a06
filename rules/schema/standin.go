package schema

import (
	"fmt"

	"github.com/galaxy-gtr/gtr/rules/schema/internal/tab"
)

// StandIn says which schema stands in for profile's own when the release
// schema is not available: "" when the profile is validated with its own
// release's schema (or is not a profile), otherwise a sentence naming the
// schema used instead. That is the 16.10 schema for the profiles before
// 16.10, for which Galaxy shipped none; Galaxy's dev schema of 2024-09-26
// (24.2.dev0, xsd/galaxy.xsd) for 24.2; the upstream dev schema of about
// May 2026 (xsd/dev/galaxy-dev-2026-05.xsd) for 25.0 and later; and the
// newest schema for a profile newer than every one. [SchemaFile] names
// the file.
func StandIn(profile string) string {
	name, err := Resolve(profile)
	if err != nil {
		return ""
	}
	p := tableProfile(name)
	oldest, newest := tables.Profiles[0].Name, tables.Profiles[len(tables.Profiles)-1].Name
	if profile == "" {
		profile = LegacyProfile
	}
	if a, ok := aliases[profile]; ok {
		profile = a
	}
	if c, _ := tab.CompareProfiles(profile, oldest); c < 0 {
		return fmt.Sprintf("Galaxy shipped no schema before %s: profile %s is validated with the %s schema", oldest, profile, oldest)
	}
	if c, _ := tab.CompareProfiles(profile, newest); c > 0 {
		if p.StandIn == "" {
			return fmt.Sprintf("profile %s is newer than every schema here: it is validated with the %s schema (%s)", profile, name, p.File)
		}
		return fmt.Sprintf("profile %s is newer than every schema here: it is validated with %s, %s, which stands in for %s", profile, p.File, p.StandIn, name)
	}
	if p.StandIn == "" {
		return ""
	}
	return fmt.Sprintf("no release schema for %s is available here: it is validated with %s, %s", name, p.File, p.StandIn)
}

// SchemaFile returns the XSD profile is validated with (resolved as
// [Resolve] does), relative to the shared folder the tables were
// generated from: "xsd/profiles/21.09.xsd", "xsd/galaxy.xsd" for 24.2. It
// returns "" when profile is not a profile. Profiles with one file share
// one schema.
func SchemaFile(profile string) string {
	name, err := Resolve(profile)
	if err != nil {
		return ""
	}
	return tableProfile(name).File
}

// tableProfile returns the generated entry of a profile with a schema.
func tableProfile(name string) *tab.Profile {
	for i := range tables.Profiles {
		if tables.Profiles[i].Name == name {
			return &tables.Profiles[i]
		}
	}
	// Resolve only returns names from the tables.
	panic("schema: no table entry for profile " + name)
}
