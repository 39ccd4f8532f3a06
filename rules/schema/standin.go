package schema

import (
	"fmt"

	"github.com/galaxy-gtr/gtr/rules/schema/internal/tab"
)

// StandIn says which schema stands in for profile's own when the release
// schema is not available: "" when the profile is validated with its own
// release schema, otherwise a sentence naming the schema used instead.
func StandIn(profile string) string {
	name, err := Resolve(profile)
	if err != nil || name == profile {
		return ""
	}
	if c, _ := tab.CompareProfiles(profile, Profiles()[0]); c < 0 || profile == "" {
		return fmt.Sprintf("Galaxy shipped no schema before 16.10: profile %s is validated with the 16.10 schema", orLegacy(profile))
	}
	return fmt.Sprintf("no release schema for %s is available here: it is validated with Galaxy's dev schema %s", profile, name)
}

func orLegacy(p string) string {
	if p == "" {
		return LegacyProfile
	}
	return p
}
