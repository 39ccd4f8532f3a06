// Package macros holds the advisory checks that read macro definitions as
// written: a tool's own <macros> section and the macro files it imports
// (Galaxy's expanded view no longer has them).
package macros
