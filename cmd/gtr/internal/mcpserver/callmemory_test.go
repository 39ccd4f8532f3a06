package mcpserver

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestCheckToolReusedMemory: calls of check_tool that reuse the memory of
// calls before them (callMemory: the tree's arrays, the expansion's arena,
// the findings list), many at once and on tools of different sizes, kinds
// and outcomes, answer exactly as a call with memory of its own does.
func TestCheckToolReusedMemory(t *testing.T) {
	dir := filepath.Join("..", "..", "..", "..", "testdata", "examples")
	read := func(name string) string {
		b, err := os.ReadFile(filepath.Join(dir, name))
		require.NoError(t, err)
		return string(b)
	}
	macrosXML := read("macros.xml")
	inputs := []CheckInput{
		// Expands with its macro file.
		{XML: read("bedtools_slop.xml"), Macros: map[string]string{"macros.xml": macrosXML}},
		// Does not expand: its import is missing, so the checks read the
		// tool as written (converted in the call's arena).
		{XML: read("bedtools_slop.xml")},
		{XML: read("fastq_trim.xml")},
		{XML: read("line_count_crlf.xml")},
		// A macro file checked on its own.
		{XML: macrosXML},
	}
	for i := range inputs {
		inputs[i].Selection = Selection{Rulesets: []string{"strict"}}
	}
	// The answers of calls with memory of their own (a fresh pool).
	want := make([]CheckOutput, len(inputs))
	for i, in := range inputs {
		callMemories = sync.Pool{New: callMemories.New}
		out, err := checkTool(context.Background(), in)
		require.NoError(t, err)
		require.NotEmpty(t, out.Violations, "input %d: a case with no findings tests little", i)
		want[i] = out
	}
	var wg sync.WaitGroup
	errs := make(chan string, 64)
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range 20 {
				i := (g + k) % len(inputs)
				out, err := checkTool(context.Background(), inputs[i])
				if err != nil {
					errs <- err.Error()
					return
				}
				if !assert.ObjectsAreEqual(want[i], out) {
					errs <- fmt.Sprintf("a call reusing memory answered differently for input %d", i)
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Fatal(e)
	}
}
