// Package version rewrites how a Galaxy tool writes its version: it
// factors a literal version="<base>+galaxy<suffix>" into the IUC tokens
// @TOOL_VERSION@ and @VERSION_SUFFIX@ ([Tokenize], [TokenizeShared]), and
// bumps the +galaxy<N> revision suffix by one ([Bump]).
//
// Both engines read the tool as Galaxy does, macro-expanded with
// provenance, so they work on tools that import macro files: a token
// defined in an imported file is found where it is written, reused when
// it already says what the tokenization would define, and edited there
// when it holds the suffix a bump moves. Every change is a set of
// byte-range edits of the tool and of at most one macro file, and is
// returned only after the expansion-equality gate of package rewrite
// agrees: tokenizing leaves Galaxy's expanded view of the tool unchanged
// (the tokens substitute back to the bytes they replace), adopting a
// suffix adds +galaxy0 to the version and nothing else, and a bump
// changes the version's suffix and nothing else, in every tool that
// imports an edited macro file. A change the gate refuses is not
// returned; the result says why.
package version
