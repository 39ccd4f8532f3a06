package cst_test

import "testing"

// FuzzRoundTrip checks the tree invariants of checkTree on arbitrary bytes.
// It is seeded with the inputs of the token and error tables; failing inputs
// found by fuzzing are kept under testdata/fuzz/FuzzRoundTrip/.
//
//	go test -run='^$' -fuzz='^FuzzRoundTrip$' -fuzztime=5m ./cst/
func FuzzRoundTrip(f *testing.F) {
	for _, c := range tokenCases {
		f.Add([]byte(c.src))
	}
	for _, c := range errorCases {
		f.Add([]byte(c.src))
	}
	f.Add([]byte("\ufeff<?xml version='1.0' encoding='UTF-8'?>\r\n<!-- c -->\r\n" +
		"<tool id=\"t\" name='a &amp; b'>\r\n  <command><![CDATA[#if $x: echo ${a.b} \\$HOME @TOKEN@ #end if]]></command>\r\n" +
		"  <param name = \"p\"\n\ttype=\"data\" />\r\n</tool>\r\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		checkTree(t, src)
	})
}
