package requirements

import (
	"fmt"
	"regexp"
	"strings"
	"sync"

	"github.com/galaxy-gtr/gtr/rules/lint"
)

// dockerImage is Galaxy's DOCKER_IMAGE_RE: an image path with an optional
// tag. Python's \w is Unicode letters, digits and the underscore. It is
// compiled on first use, as digest: the Unicode classes made it the
// dearest package initialisation of every run of gtr (about 1 ms), and
// most runs meet no container.
var dockerImage = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^[a-zA-Z0-9][a-zA-Z0-9._-]*(/[a-zA-Z0-9._-]+)*(:[\pL\pN_][\pL\pN_.-]*)?$`)
})

// digest is an OCI content digest pinning an image (name@sha256:…), which
// Galaxy's expression misses: Docker pulls name@digest and name:tag@digest.
var digest = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`@[a-z0-9]+(?:[+._-][a-z0-9]+)*:[0-9a-f]{32,}$`)
})

// containerPrefixes are the identifiers Galaxy takes as they are.
var containerPrefixes = []string{"quay.io/biocontainers/", "docker://", "oras://"}

// singularityPrefixes are the other sources Singularity and Apptainer pull
// from, which a type="singularity" container may name.
var singularityPrefixes = []string{"shub://", "library://", "/"}

// ContainerImageShape is GTR051: a container identifier that is no image
// reference Galaxy recognises.
var ContainerImageShape = &lint.Check{
	Code:    "GTR051",
	Name:    "container-image-shape",
	Summary: "A <container> identifier should match a recognized shape (quay.io/biocontainers/, docker://, oras://, or a Docker-Hub image[:tag]).",
	Linters: []string{"ContainerImageShape"},
	Cite:    "https://docs.galaxyproject.org/en/latest/dev/schema.html#tool-requirements-container",
	Since:   "0.6.0",
	Doc: lint.Doc{
		What: "Reports a <container> whose identifier (its text, stripped, with the part after the last " +
			"/ lowercased as Galaxy's ContainerDescription does) neither starts with quay.io/biocontainers/, " +
			"docker:// or oras:// nor is an image[:tag] reference, as Galaxy's ContainerImageShape linter " +
			"(newer than the Galaxy the oracle ran) does. Unlike that linter, gtr also accepts an image " +
			"pinned by digest (name@sha256:…, name:tag@sha256:…) and, for type=\"singularity\", the " +
			"shub://, library:// and absolute-path sources Singularity pulls from: Galaxy's expression " +
			"rejects these valid references.",
		Why: "Galaxy hands the identifier to Docker, Singularity or Apptainer as it is: a URL, a path " +
			"with spaces or a stray character makes the pull fail when the job runs, not when the tool " +
			"is installed.",
		Example:   "<container type=\"docker\">https://hub.docker.com/r/biocontainers/samtools</container>\n→\n<container type=\"docker\">biocontainers/samtools:1.21</container>",
		FixSafety: "Advisory only: the image the tool should run in is for its author to name.",
	},
	Run: func(c *lint.Ctx) {
		for _, el := range lint.Path(lint.Child(c.Root, "requirements"), "container") {
			id := xmlText(el)
			// Galaxy skips a container without an identifier; a token
			// that did not expand is unknown.
			if id == "" || (c.Partial() && strings.Contains(id, "@")) {
				continue
			}
			if i := strings.LastIndex(id, "/"); i >= 0 {
				id = id[:i+1] + strings.ToLower(id[i+1:])
			} else {
				id = strings.ToLower(id)
			}
			s := strings.TrimFunc(id, pySpace)
			if hasAnyPrefix(s, containerPrefixes) || dockerImage().MatchString(s) {
				continue
			}
			// gtr is more exact than Galaxy's expression on digests and
			// Singularity's own sources.
			if dockerImage().MatchString(digest().ReplaceAllString(s, "")) && digest().MatchString(s) {
				continue
			}
			if lint.Get(el, "type") == "singularity" && hasAnyPrefix(s, singularityPrefixes) {
				continue
			}
			c.ReportText("ContainerImageShape", el,
				fmt.Sprintf("container '%s' does not match a recognized shape (quay.io/biocontainers/..., docker://..., oras://..., or <image>[:<tag>])", id),
				"Name the image as Docker pulls it: registry/path/name:tag (for example quay.io/biocontainers/samtools:1.21--h50ea8bc_0), or docker:// / oras:// URLs.")
		}
	},
}

func hasAnyPrefix(s string, prefixes []string) bool {
	for _, p := range prefixes {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}
