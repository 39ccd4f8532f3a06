// Package fuzz holds the generators and the properties that cross packages:
// a rapid generator of Galaxy-flavoured XML documents ([Document],
// [PlausibleDocument]) shared by the fuzz targets of cst and the packages
// built on it, and differential tests of the cst parser against libxml2's
// xmllint.
//
// Failing inputs found by `go test -fuzz` are committed under
// testdata/fuzz/FuzzX/ of the package that owns the target; they run as
// ordinary tests afterwards.
package fuzz
