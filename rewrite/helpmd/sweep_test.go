package helpmd

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
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

// TestSweepText converts every RST help Galaxy rendered and counts the
// conversions and the reasons of the rest.
func TestSweepText(t *testing.T) {
	helps := oracleHelps(t)
	reasons := map[string]int{}
	conv := 0
	num := regexp.MustCompile(`\d+`)
	for _, p := range sortedKeys(helps) {
		md, skip := ConvertText(helps[p])
		if skip == "" {
			conv++
			_ = md
			continue
		}
		k := skip
		if i := strings.Index(k, " (line"); i >= 0 {
			k = k[:i]
		}
		if i := strings.Index(k, "differ at"); i >= 0 {
			k = num.ReplaceAllString(k, "N")
			if os.Getenv("HELPMD_SHOW") != "" {
				t.Logf("%s: %s", p, skip)
			}
		}
		if len(k) > 160 {
			k = k[:160]
		}
		reasons[k]++
	}
	t.Logf("%d of %d RST helps convert", conv, len(helps))
	type kv struct {
		k string
		n int
	}
	var kvs []kv
	for k, n := range reasons {
		kvs = append(kvs, kv{k, n})
	}
	sort.Slice(kvs, func(i, j int) bool { return kvs[i].n > kvs[j].n })
	for _, x := range kvs {
		t.Logf("%5d %s", x.n, x.k)
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
