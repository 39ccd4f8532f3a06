package upgrade

// metadataStyle: 17_09_consider_provided_metadata_style. From 17.09 Galaxy
// reads the galaxy.json a job may write (to add datasets or metadata) in
// its newer format unless <outputs provided_metadata_style="legacy">
// says otherwise (parse_provided_metadata_style). Whether a tool writes
// galaxy.json is up to its command and scripts, which gtr cannot know, so
// the code applies unless the tool's <outputs> sets the style either way
// (it then reads the same at both profiles). Galaxy's advisor never gives
// this advice: it asks <outputs> for an attribute named with backticks,
// "`provided_metadata_style`", which no tool has.
func metadataStyle(d *Doc) bool {
	out, sure := rootChild(d, "outputs")
	return !sure || out == nil || !has(out, "provided_metadata_style")
}
