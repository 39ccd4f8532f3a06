package requirements

import (
	"path/filepath"
	"testing"

	"github.com/galaxy-gtr/gtr/rules/lint"
	"github.com/galaxy-gtr/gtr/rules/lint/linttest"
)

// The golden tests share linttest's runner.
type golden = linttest.Golden

func run(t *testing.T, ch *lint.Check, files ...string) []lint.Finding {
	t.Helper()
	got, _ := linttest.Run(t, ch, files...)
	return got
}

func tool(attrs, body string) string { return linttest.Tool(attrs, body) }

func check(t *testing.T, ch *lint.Check, cases []golden) { t.Helper(); linttest.Check(t, ch, cases) }

func withReqs(body string) string {
	return tool(`id="a" name="A" version="1.0"`, "<requirements>"+body+"</requirements>")
}

func TestRequirementVersionMissing(t *testing.T) {
	check(t, RequirementVersionMissing, []golden{
		{Name: "pinned", Files: []string{"t.xml", withReqs(`<requirement type="package" version="1.21">samtools</requirement>`)}},
		{Name: "not a package", Files: []string{"t.xml", withReqs(`<requirement type="binary">samtools</requirement>`)}},
		{Name: "no version", Files: []string{"t.xml", withReqs(`<requirement type="package">samtools</requirement>`)},
			Want: []string{"RequirementVersionMissing|Requirement samtools defines no version"}},
		{Name: "default type, empty version", Files: []string{"t.xml", withReqs(`<requirement version="">
			bwa
		</requirement>`)},
			Want: []string{"RequirementVersionMissing|Requirement bwa defines no version"}},
		{Name: "repeated once", Files: []string{"t.xml", withReqs(`<requirement type="package">bwa</requirement><requirement>bwa</requirement><requirement>sed</requirement>`)},
			Want: []string{"RequirementVersionMissing|Requirement bwa ", "RequirementVersionMissing|Requirement sed "}},
	})
}

func TestRequirementNameMissing(t *testing.T) {
	check(t, RequirementNameMissing, []golden{
		{Name: "named", Files: []string{"t.xml", withReqs(`<requirement type="package" version="1">bwa</requirement>`)}},
		{Name: "empty", Files: []string{"t.xml", withReqs(`<requirement type="package" version="1"/>`)},
			Want: []string{"RequirementNameMissing|Requirement without name found"}},
		{Name: "blank", Files: []string{"t.xml", withReqs(`<requirement version="1">  </requirement>`)},
			Want: []string{"RequirementNameMissing|"}},
		{Name: "not a package", Files: []string{"t.xml", withReqs(`<requirement type="set_environment"/>`)}},
	})
}

func TestContainerImageShape(t *testing.T) {
	check(t, ContainerImageShape, []golden{
		{Name: "biocontainer", Files: []string{"t.xml", withReqs(`<container type="docker">quay.io/biocontainers/samtools:1.21--h50ea8bc_0</container>`)}},
		{Name: "hub image", Files: []string{"t.xml", withReqs(`<container type="docker">bgruening/busybox-bash:0.1</container>`)}},
		{Name: "docker url", Files: []string{"t.xml", withReqs(`<container type="singularity">docker://busybox</container>`)}},
		{Name: "digest", Files: []string{"t.xml", withReqs(`<container type="docker">dockerprotim/peptimapper@sha256:d3eb807d7d5aa155f7b39d05a47420e0a0a9191d5fa867b6ca1be763f8a23bf1</container>`)}},
		{Name: "singularity hub", Files: []string{"t.xml", withReqs(`<container type="singularity">shub://GodloveD/lolcow-installer:latest</container>`)}},
		{Name: "shub as docker", Files: []string{"t.xml", withReqs(`<container type="docker">shub://GodloveD/lolcow</container>`)},
			Want: []string{"ContainerImageShape|container 'shub://GodloveD/lolcow' does not match"}},
		{Name: "web url", Files: []string{"t.xml", withReqs(`<container type="docker">https://hub.docker.com/r/biocontainers/samtools</container>`)},
			Want: []string{"ContainerImageShape|container 'https://hub.docker.com/r/biocontainers/samtools' does not match a recognized shape"}},
		{Name: "space", Files: []string{"t.xml", withReqs(`<container type="docker">my image:1</container>`)},
			Want: []string{"ContainerImageShape|"}},
		{Name: "empty", Files: []string{"t.xml", withReqs(`<container type="docker"/>`)}},
		{Name: "unexpanded token", Files: []string{"t.xml", tool(`id="a"`, `<macros><import>missing.xml</import></macros><requirements><container type="docker">@IMAGE@</container></requirements>`)}},
	})
}

func TestResourceRequirementExpression(t *testing.T) {
	check(t, ResourceRequirementExpression, []golden{
		{Name: "numbers", Files: []string{"t.xml", withReqs(`<resource type="cores_min">4</resource><resource type="ram_min">1_024.5</resource><resource type="ram_max"> 1e3 </resource><resource type="cores_max">inf</resource>`)}},
		{Name: "expression", Files: []string{"t.xml", withReqs(`<resource type="cores_min">$(inputs.threads)</resource>`)},
			Want: []string{"ResourceRequirementExpression|Expressions in resource requirement not supported yet"}},
		{Name: "unit and empty", Files: []string{"t.xml", withReqs(`<resource type="ram_min">8G</resource><resource type="ram_max"/>`)},
			Want: []string{"ResourceRequirementExpression|", "ResourceRequirementExpression|"}},
		{Name: "unexpanded token", Files: []string{"t.xml", tool(`id="a"`, `<macros><import>missing.xml</import></macros><requirements><resource type="cores_min">@CORES@</resource></requirements>`)}},
		{Name: "hex is no float to Python", Files: []string{"t.xml", withReqs(`<resource type="cores_min">0x10</resource>`)},
			Want: []string{"ResourceRequirementExpression|"}},
	})
}

func TestRequirementsDeclared(t *testing.T) {
	check(t, RequirementsDeclared, []golden{
		{Name: "requirement", Files: []string{"t.xml", withReqs(`<requirement type="package" version="1">bwa</requirement>`)}},
		{Name: "container", Files: []string{"t.xml", withReqs(`<container type="docker">busybox</container>`)}},
		{Name: "empty requirements", Files: []string{"t.xml", withReqs(``)}, Want: []string{"|Tool declares no requirement and no container."}},
		{Name: "none", Files: []string{"t.xml", tool(`id="a"`, "")}, Want: []string{"|"}},
		{Name: "data source", Files: []string{"t.xml", tool(`id="a" tool_type="data_source"`, "")}},
	})
}

// TestFindingInMacroFile checks that a requirement brought by a macro is
// reported in the macro file, on its line.
func TestFindingInMacroFile(t *testing.T) {
	macrosXML := "<macros>\n  <xml name=\"requirements\">\n    <requirements>\n" +
		"      <requirement type=\"package\">samtools</requirement>\n    </requirements>\n  </xml>\n</macros>\n"
	got := run(t, RequirementVersionMissing,
		"tool.xml", tool(`id="a" name="A" version="1"`, "<macros><import>macros.xml</import></macros>\n<expand macro=\"requirements\"/>"),
		"macros.xml", macrosXML)
	if len(got) != 1 {
		t.Fatalf("got %v, want one finding", got)
	}
	if filepath.Base(got[0].Loc.File) != "macros.xml" || got[0].Pos.Line != 4 {
		t.Errorf("finding at %s:%d, want macros.xml:4", got[0].Loc.File, got[0].Pos.Line)
	}
	if len(got[0].Via) == 0 {
		t.Error("finding does not say which expand brought the requirement")
	}
}
