// Package xsdgen turns Galaxy's tool XSDs into the tables of package tab
// and writes them as Go source. It is a build-time tool: package schema
// never parses XSD at run time.
package xsdgen

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"strings"
)

// xsdNS is the XML Schema namespace.
const xsdNS = "http://www.w3.org/2001/XMLSchema"

// node is one XSD element, annotations left out.
type node struct {
	local string            // local name; only XSD-namespace elements are kept
	attrs map[string]string // unqualified attributes
	ns    map[string]string // in-scope prefixes, for QName-valued attributes
	kids  []*node
	line  int
}

func (n *node) attr(name string) (string, bool) {
	v, ok := n.attrs[name]
	return v, ok
}

func (n *node) where() string { return fmt.Sprintf("line %d <xs:%s>", n.line, n.local) }

// parse reads an XSD document into a tree of XSD-namespace elements.
// Annotations and elements of other namespaces are dropped.
func parse(data []byte) (*node, error) {
	d := xml.NewDecoder(bytes.NewReader(data))
	var stack []*node
	var root *node
	skip := 0
	scopes := []map[string]string{{"xml": "http://www.w3.org/XML/1998/namespace"}}
	for {
		tok, err := d.RawToken()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			scope := scopes[len(scopes)-1]
			attrs := map[string]string{}
			for _, a := range t.Attr {
				switch {
				case a.Name.Space == "xmlns":
					scope = extend(scope, a.Name.Local, a.Value)
				case a.Name.Space == "" && a.Name.Local == "xmlns":
					scope = extend(scope, "", a.Value)
				case a.Name.Space == "":
					attrs[a.Name.Local] = a.Value
				}
			}
			scopes = append(scopes, scope)
			line, _ := d.InputPos()
			if skip > 0 || scope[t.Name.Space] != xsdNS || t.Name.Local == "annotation" {
				skip++
				continue
			}
			n := &node{local: t.Name.Local, attrs: attrs, ns: scope, line: line}
			if len(stack) > 0 {
				p := stack[len(stack)-1]
				p.kids = append(p.kids, n)
			} else if root == nil {
				root = n
			}
			stack = append(stack, n)
		case xml.EndElement:
			scopes = scopes[:len(scopes)-1]
			if skip > 0 {
				skip--
				continue
			}
			stack = stack[:len(stack)-1]
		}
	}
	if root == nil || root.local != "schema" {
		return nil, fmt.Errorf("no xs:schema root element")
	}
	return root, nil
}

func extend(m map[string]string, prefix, uri string) map[string]string {
	c := make(map[string]string, len(m)+1)
	for k, v := range m {
		c[k] = v
	}
	c[prefix] = uri
	return c
}

// qname resolves a QName-valued attribute: builtin reports whether it names
// an XSD built-in ("xs:string"); local is the name without prefix.
func (n *node) qname(v string) (local string, builtin bool, err error) {
	prefix, local := "", strings.TrimSpace(v)
	if i := strings.IndexByte(local, ':'); i >= 0 {
		prefix, local = local[:i], local[i+1:]
	}
	uri, ok := n.ns[prefix]
	if !ok && prefix != "" {
		return "", false, fmt.Errorf("%s: undeclared prefix in %q", n.where(), v)
	}
	switch uri {
	case xsdNS:
		return local, true, nil
	case "":
		return local, false, nil
	}
	return "", false, fmt.Errorf("%s: %q is in namespace %q, but the schemas have no target namespace", n.where(), v, uri)
}
