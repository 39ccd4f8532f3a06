// Package rename renames a parameter of a Galaxy tool: its definition and
// every reference to it that the reference index ([refs.Build]) finds, in
// the tool and in the macro files it imports, as one set of byte edits
// ([rewrite.FileEdit]) that apply together or not at all.
//
// A rename is planned from the index ([PlanRename]) and refused with a
// [Bail] whenever it cannot be proved to keep the tool working: the
// predecessor's reasons (invalid-name, no-op, not-found, shadowed,
// mixed-content, lexer-bail, filter-bare-ref, cross-ref-residual) and
// gtr's own (name-taken, gate-refused). The edits it returns pass three
// gates before [Rename] hands them out:
//
//   - every Cheetah template and Python expression the tool runs parses
//     after the rename wherever it parsed before;
//   - Galaxy's expanded view after the rename equals the view before with
//     OLD replaced by NEW at exactly the reference positions the index
//     found and nowhere else ([rewrite.Expansion] with a [rewrite.ViewChange]
//     that accepts those replacements only);
//   - renaming NEW back to OLD in the result restores the original bytes
//     of every file.
//
// Whether a macro file may be edited at all is the caller's question:
// [Result.Macros] lists the macro files a rename edits, [ScanRepo] finds
// which tools of a repository import each macro file, and [Lockstep]
// renames across every importer of the macro files it edits, when all of
// them can take the rename.
package rename
