package cheetah_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/galaxy-gtr/gtr/cst/cheetah"
)

// syntheticCommand is a command body in the style of the corpus, used when
// the shared corpus is absent.
const syntheticCommand = `#import re
#set $out = $output.files_path
mkdir -p '$out' &&
#if $input.ext == "fastqsanger.gz":
    ln -s '$input' reads.fq.gz &&
#else
    ln -s '$input' reads.fq &&
#end if
## run the tool
python '$__tool_directory__/run.py'
    --threads \${GALAXY_SLOTS:-4}
    #for $i, $r in enumerate($repeats)
    --sample '${r.name}' '$r.file' $i
    #end for
    #if str($adv.mode) != 'none' and $adv.k > 0
    --mode $adv.mode --k $adv.k
    #end if
    --version @TOOL_VERSION@
    > '$log'
`

// benchTexts returns the corpus <command> texts, or synthetic ones.
func benchTexts(b *testing.B) []string {
	dir := os.Getenv("GTR_SHARED")
	if dir == "" {
		dir = filepath.Join("..", "..", "..", "shared")
	}
	var texts []string
	if _, err := os.Stat(filepath.Join(dir, "oracle", "cheetah.tsv")); err == nil {
		for _, row := range readOracle(b, dir) {
			src, err := os.ReadFile(filepath.Join(dir, "corpus", row.path))
			if err != nil {
				continue
			}
			if text, ok := commandText(row.path, src); ok && text != "" {
				texts = append(texts, text)
			}
		}
	}
	if len(texts) == 0 {
		texts = []string{strings.Repeat(syntheticCommand, 20)}
	}
	return texts
}

// BenchmarkParse parses command texts, reporting MB/s and files/s.
func BenchmarkParse(b *testing.B) {
	texts := benchTexts(b)
	size := 0
	for _, s := range texts {
		size += len(s)
	}
	b.SetBytes(int64(size))
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		for _, s := range texts {
			cheetah.Parse(s)
		}
	}
	b.ReportMetric(float64(len(texts))*float64(b.N)/b.Elapsed().Seconds(), "files/s")
}
