package helpmd

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"
)

// oracleHelps returns the corpus helps Galaxy rendered from RST, by path:
// the text of <help> after Galaxy's own macro expansion.
func oracleHelps(t testing.TB) map[string]string {
	t.Helper()
	dir := ""
	for _, d := range []string{"../../../shared/oracle", "/work/shared/oracle"} {
		if _, err := os.Stat(filepath.Join(d, "help", "index.tsv")); err == nil {
			dir = d
			break
		}
	}
	if dir == "" {
		t.Skip("skipping: ../shared/oracle/help is absent")
	}
	f, err := os.Open(filepath.Join(dir, "help", "index.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[string]string{}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		cols := strings.Split(sc.Text(), "\t")
		if len(cols) < 2 || cols[1] != "ok" {
			continue
		}
		raw, err := os.ReadFile(filepath.Join(dir, "expanded", cols[0]+".json"))
		if err != nil {
			t.Fatal(err)
		}
		var tree struct {
			Children []struct {
				Tag  string `json:"tag"`
				Text string `json:"text"`
			} `json:"children"`
		}
		if err := json.Unmarshal(raw, &tree); err != nil {
			t.Fatal(err)
		}
		for _, c := range tree.Children {
			if c.Tag == "help" {
				out[cols[0]] = c.Text
				break
			}
		}
	}
	return out
}

// TestSweepText converts every RST help Galaxy rendered from the corpus,
// as if each tool's profile allowed format="markdown", and prints how many
// convert and why the rest do not (whitespace-only helps left out).
func TestSweepText(t *testing.T) {
	helps := oracleHelps(t)
	kinds := map[string]int{}
	conv, empty := 0, 0
	start := time.Now()
	for _, p := range sortedKeys(helps) {
		if strings.TrimSpace(helps[p]) == "" {
			empty++
			continue
		}
		_, skip := ConvertText(helps[p])
		if skip == "" {
			conv++
			continue
		}
		kinds[reasonKind(skip)]++
	}
	t.Logf("%d of %d non-empty RST helps convert (%d empty left out), in %v", conv, len(helps)-empty, empty, time.Since(start).Round(time.Millisecond))
	logKinds(t, kinds)
}

// logKinds prints reason counts, most frequent first.
func logKinds(t *testing.T, kinds map[string]int) {
	keys := make([]string, 0, len(kinds))
	for k := range kinds {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if kinds[keys[i]] != kinds[keys[j]] {
			return kinds[keys[i]] > kinds[keys[j]]
		}
		return keys[i] < keys[j]
	})
	for _, k := range keys {
		t.Logf("%5d %s", kinds[k], k)
	}
}

func sortedKeys(m map[string]string) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}
