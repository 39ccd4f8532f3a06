package requirements

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/rules/lint"
)

// run writes files (the first is the tool) to a temporary directory, runs
// ch on the tool's expanded view (the file as written when it does not
// expand) and returns the findings.
func run(t *testing.T, ch *lint.Check, files ...string) []lint.Finding {
	t.Helper()
	dir := t.TempDir()
	var tool string
	for i := 0; i+1 < len(files); i += 2 {
		p := filepath.Join(dir, files[i])
		if err := os.WriteFile(p, []byte(files[i+1]), 0o644); err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			tool = p
		}
	}
	src, err := os.ReadFile(tool)
	if err != nil {
		t.Fatal(err)
	}
	tree := cst.Parse(tool, src)
	c := &lint.Ctx{File: tree, Tool: true}
	if res, err := macros.ExpandTree(tree, macros.Options{}); err == nil {
		c.Result, c.Root = res, res.Root
	} else if c.Root, err = macros.FromTree(tree); err != nil {
		t.Fatal(err)
	}
	return lint.Run(ch, c)
}

// tool is a tool file with root attributes attrs and body inside.
func tool(attrs, body string) string {
	return "<tool " + attrs + ">\n" + body + "\n</tool>\n"
}

type golden struct {
	name        string
	files       []string
	want        []string // "linter|message prefix" of each finding, in order
	wantNothing bool
}

func check(t *testing.T, ch *lint.Check, cases []golden) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := run(t, ch, tc.files...)
			if len(got) != len(tc.want) {
				t.Fatalf("got %d findings %v, want %d %v", len(got), got, len(tc.want), tc.want)
			}
			for i, w := range tc.want {
				linter, msg, _ := strings.Cut(w, "|")
				if got[i].Linter != linter || !strings.HasPrefix(got[i].Message, msg) {
					t.Errorf("finding %d = %s %q, want %s %q", i, got[i].Linter, got[i].Message, linter, msg)
				}
				if got[i].Code != ch.Code || got[i].Fix == "" {
					t.Errorf("finding %d has code %s, fix %q", i, got[i].Code, got[i].Fix)
				}
			}
		})
	}
}

func withReqs(body string) string {
	return tool(`id="a" name="A" version="1.0"`, "<requirements>"+body+"</requirements>")
}

func TestRequirementVersionMissing(t *testing.T) {
	check(t, RequirementVersionMissing, []golden{
		{name: "pinned", files: []string{"t.xml", withReqs(`<requirement type="package" version="1.21">samtools</requirement>`)}},
		{name: "not a package", files: []string{"t.xml", withReqs(`<requirement type="binary">samtools</requirement>`)}},
		{name: "no version", files: []string{"t.xml", withReqs(`<requirement type="package">samtools</requirement>`)},
			want: []string{"RequirementVersionMissing|Requirement samtools defines no version"}},
		{name: "default type, empty version", files: []string{"t.xml", withReqs(`<requirement version="">
			bwa
		</requirement>`)},
			want: []string{"RequirementVersionMissing|Requirement bwa defines no version"}},
		{name: "repeated once", files: []string{"t.xml", withReqs(`<requirement type="package">bwa</requirement><requirement>bwa</requirement><requirement>sed</requirement>`)},
			want: []string{"RequirementVersionMissing|Requirement bwa ", "RequirementVersionMissing|Requirement sed "}},
	})
}

func TestRequirementNameMissing(t *testing.T) {
	check(t, RequirementNameMissing, []golden{
		{name: "named", files: []string{"t.xml", withReqs(`<requirement type="package" version="1">bwa</requirement>`)}},
		{name: "empty", files: []string{"t.xml", withReqs(`<requirement type="package" version="1"/>`)},
			want: []string{"RequirementNameMissing|Requirement without name found"}},
		{name: "blank", files: []string{"t.xml", withReqs(`<requirement version="1">  </requirement>`)},
			want: []string{"RequirementNameMissing|"}},
		{name: "not a package", files: []string{"t.xml", withReqs(`<requirement type="set_environment"/>`)}},
	})
}

func TestContainerImageShape(t *testing.T) {
	check(t, ContainerImageShape, []golden{
		{name: "biocontainer", files: []string{"t.xml", withReqs(`<container type="docker">quay.io/biocontainers/samtools:1.21--h50ea8bc_0</container>`)}},
		{name: "hub image", files: []string{"t.xml", withReqs(`<container type="docker">bgruening/busybox-bash:0.1</container>`)}},
		{name: "docker url", files: []string{"t.xml", withReqs(`<container type="singularity">docker://busybox</container>`)}},
		{name: "digest", files: []string{"t.xml", withReqs(`<container type="docker">dockerprotim/peptimapper@sha256:d3eb807d7d5aa155f7b39d05a47420e0a0a9191d5fa867b6ca1be763f8a23bf1</container>`)}},
		{name: "singularity hub", files: []string{"t.xml", withReqs(`<container type="singularity">shub://GodloveD/lolcow-installer:latest</container>`)}},
		{name: "shub as docker", files: []string{"t.xml", withReqs(`<container type="docker">shub://GodloveD/lolcow</container>`)},
			want: []string{"ContainerImageShape|container 'shub://GodloveD/lolcow' does not match"}},
		{name: "web url", files: []string{"t.xml", withReqs(`<container type="docker">https://hub.docker.com/r/biocontainers/samtools</container>`)},
			want: []string{"ContainerImageShape|container 'https://hub.docker.com/r/biocontainers/samtools' does not match a recognized shape"}},
		{name: "space", files: []string{"t.xml", withReqs(`<container type="docker">my image:1</container>`)},
			want: []string{"ContainerImageShape|"}},
		{name: "empty", files: []string{"t.xml", withReqs(`<container type="docker"/>`)}},
		{name: "unexpanded token", files: []string{"t.xml", tool(`id="a"`, `<macros><import>missing.xml</import></macros><requirements><container type="docker">@IMAGE@</container></requirements>`)}},
	})
}

func TestResourceRequirementExpression(t *testing.T) {
	check(t, ResourceRequirementExpression, []golden{
		{name: "numbers", files: []string{"t.xml", withReqs(`<resource type="cores_min">4</resource><resource type="ram_min">1_024.5</resource><resource type="ram_max"> 1e3 </resource><resource type="cores_max">inf</resource>`)}},
		{name: "expression", files: []string{"t.xml", withReqs(`<resource type="cores_min">$(inputs.threads)</resource>`)},
			want: []string{"ResourceRequirementExpression|Expressions in resource requirement not supported yet"}},
		{name: "unit and empty", files: []string{"t.xml", withReqs(`<resource type="ram_min">8G</resource><resource type="ram_max"/>`)},
			want: []string{"ResourceRequirementExpression|", "ResourceRequirementExpression|"}},
		{name: "unexpanded token", files: []string{"t.xml", tool(`id="a"`, `<macros><import>missing.xml</import></macros><requirements><resource type="cores_min">@CORES@</resource></requirements>`)}},
		{name: "hex is no float to Python", files: []string{"t.xml", withReqs(`<resource type="cores_min">0x10</resource>`)},
			want: []string{"ResourceRequirementExpression|"}},
	})
}

func TestRequirementsDeclared(t *testing.T) {
	check(t, RequirementsDeclared, []golden{
		{name: "requirement", files: []string{"t.xml", withReqs(`<requirement type="package" version="1">bwa</requirement>`)}},
		{name: "container", files: []string{"t.xml", withReqs(`<container type="docker">busybox</container>`)}},
		{name: "empty requirements", files: []string{"t.xml", withReqs(``)}, want: []string{"|Tool declares no requirement and no container."}},
		{name: "none", files: []string{"t.xml", tool(`id="a"`, "")}, want: []string{"|"}},
		{name: "data source", files: []string{"t.xml", tool(`id="a" tool_type="data_source"`, "")}},
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
