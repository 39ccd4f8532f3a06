// Package upgrade moves a Galaxy tool's profile= forward without changing
// what the tool does by accident.
//
// A tool's profile tells Galaxy which legacy behaviours to switch off
// (Galaxy's catalogue of them is upgrade_codes.json, embedded here as
// [Codes]). Upgrading is therefore two questions: does the tool still
// validate at the newer profile (the schema of that release, see
// [Profiles]), and does any behaviour that changes on the way apply to
// it. The package answers both on Galaxy's macro-expanded view of the
// tool and writes its changes as byte-range edits at the source bytes
// provenance names, in the tool or in the macro files it imports.
//
// The pieces, each in a file of its own:
//
//   - profile.go: Galaxy's profiles in order, the schema that validates
//     each (its own release schema or a named stand-in), the deployment
//     ceiling;
//   - codes.go: the behaviour catalogue; detect*.go: for each code a
//     detector deciding whether it applies to a tool;
//   - step.go: what a step sees ([Doc]) and makes ([Plan]); gtrNNN.go:
//     the steps themselves: GTR007 (set profile=), the step codemods
//     that carry a tool across a schema boundary that would strand it,
//     and the runtime-gated fixes that clear a must_fix behaviour code;
//   - upgrade.go: the minimal bump and the walk, the behaviour gate and
//     the gates every result passes before it is returned.
package upgrade
