// Package cheetah implements a lossless lexer and parser for Cheetah 3
// templates as Galaxy uses them in tool <command> and <configfile> bodies.
//
// The input is the template text after XML decoding; every offset the
// package reports is a byte offset into that string. [Parse] never fails:
// it returns a [Template] whose tokens concatenate back to the input, for
// every input, together with an [ErrorList].
//
// The scanner follows Cheetah 3.3.1's own parser (Cheetah/Parser.py) rule
// for rule, so that a template is reported as a syntax error exactly when
// Cheetah rejects it:
//
//   - a placeholder starts with "$" not preceded by a backslash, followed by
//     an optional "!" (silent), an optional cache token ("*" or "*5m*"), an
//     optional enclosure ("{", "(" or "["), and an identifier start
//     [A-Za-z_]; "$(" and "${" followed by an expression are placeholders
//     too. Anything else after "$" ("$1", "$ ", "$" at the end) is text;
//   - a directive is "#" not preceded by a backslash, followed directly by
//     the full name of a Cheetah directive ("#if", "#end", "#set", ...); an
//     unknown word ("#foo", "#!/bin/bash", "# comment") is text;
//   - "##" starts a comment to the end of the line (the newline is not part
//     of the comment token), "#*" a block comment to the matching "*#"
//     (nested, unterminated comments run to the end);
//   - a "#" followed only by blanks before the end of a line is Cheetah's
//     end-of-line slurp token;
//   - "<%" starts a PSP block that must end with "%>";
//   - inside directive expressions, Python tokens are scanned as Python 3's
//     tokenize module does; a "$" or "#" inside a quoted string there is part
//     of the string, not a placeholder or a directive end.
//
// Galaxy macro tokens ("@TOOL_VERSION@") are not Cheetah syntax, but they
// survive in unexpanded command text, so text of the form
// "@" [A-Za-z_] [A-Za-z0-9_-]* "@" is its own token kind ([TokMacro]), in
// plain text and in directive expressions alike.
//
// The tree nests blocks (#if with its #elif/#else branches, #for, #while,
// #def, #block, #try, #unless, #raw, ...) as [KindBlock] nodes made of
// [KindBranch] nodes; placeholders, directives, comments and text runs are
// leaves over token ranges. Queries ([Template.Placeholders],
// [Template.Directives], [Template.Bindings], [Template.InComment], ...)
// give rules what they need without walking tokens.
package cheetah
