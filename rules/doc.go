// Package rules holds gtr's rules, their registry and rulesets, rule
// selection, and the pass that runs selected rules over a tree.
//
// Each rule lives in its own file as one package-level [Rule] literal with
// an unexported check function. [All] lists every rule in code order; there
// is no init-time registration. Codes are the predecessor's (GTR001…GTR109,
// with partition halves such as GTR020.1 and GTR020.2 selected together by
// their parent code) plus gtr's own normalisation rules from GTR201 on.
package rules
