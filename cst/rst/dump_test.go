package rst

import (
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"
)

// pseudoXML writes n as docutils' pseudo-XML (the tree as text), for
// debugging and table tests.
func pseudoXML(n *Node, indent string, b *strings.Builder) {
	if n.Kind == KindText {
		for _, l := range strings.Split(n.Text, "\n") {
			b.WriteString(indent + l + "\n")
		}
		return
	}
	b.WriteString(indent + "<" + n.Kind.String())
	var attrs []string
	if len(n.IDs) > 0 {
		attrs = append(attrs, `ids="`+strings.Join(n.IDs, " ")+`"`)
	}
	if len(n.Names) > 0 {
		attrs = append(attrs, `names="`+strings.Join(n.Names, " ")+`"`)
	}
	if len(n.Classes) > 0 {
		attrs = append(attrs, `classes="`+strings.Join(n.Classes, " ")+`"`)
	}
	var keys []string
	for k := range n.Attrs {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		attrs = append(attrs, fmt.Sprintf("%s=%q", k, n.Attrs[k]))
	}
	if len(attrs) > 0 {
		b.WriteString(" " + strings.Join(attrs, " "))
	}
	b.WriteString(">\n")
	for _, c := range n.Children {
		pseudoXML(c, indent+"    ", b)
	}
}

// TestDumpFile prints the tree and HTML of the file named by RST_DUMP.
func TestDumpFile(t *testing.T) {
	path := os.Getenv("RST_DUMP")
	if path == "" {
		t.Skip("set RST_DUMP to a file to print its tree")
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	doc := Parse(string(b))
	var sb strings.Builder
	pseudoXML(doc.Root, "", &sb)
	fmt.Println(sb.String())
	fmt.Println(HTML(doc))
	for _, m := range doc.Messages {
		fmt.Println(m.String())
	}
}
