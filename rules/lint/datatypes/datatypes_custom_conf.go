package datatypes

import "github.com/galaxy-gtr/gtr/rules/lint"

// DatatypesCustomConf is GTR099: a tool directory that ships its own
// datatypes_conf.xml.
var DatatypesCustomConf = &lint.Check{
	Code:    "GTR099",
	Name:    "datatypes-custom-conf",
	Summary: "A tool should not ship a custom datatypes_conf.xml.",
	Linters: []string{"DatatypesCustomConf"},
	Cite:    "https://docs.galaxyproject.org/en/latest/admin/datatypes.html",
	Since:   "0.6.0",
	Doc: lint.Doc{
		What: "Reports a tool whose directory holds a datatypes_conf.xml, as Galaxy's DatatypesCustomConf " +
			"linter does. It needs the file on disk and stays silent for content given in memory.",
		Why: "Datatypes shipped with a tool repository are installed per server and drift from Galaxy's; " +
			"new datatypes belong in Galaxy itself. planemo lint warns.",
		Example:   "tools/mytool/mytool.xml\ntools/mytool/datatypes_conf.xml\n→\ntools/mytool/mytool.xml (the datatype contributed to Galaxy)",
		FixSafety: "Advisory only: removing the file needs the datatype to exist in Galaxy first.",
	},
	Run: func(c *lint.Ctx) {
		// Galaxy's datatypes module lints default and manage_data tools.
		if !c.ToolTypeIn(lint.DefaultTypes...) {
			return
		}
		path := c.Beside("datatypes_conf.xml")
		if path == "" {
			return
		}
		if _, err := c.Stat(path); err != nil {
			return
		}
		c.Report("DatatypesCustomConf", c.Root, "Tool uses a custom datatypes_conf.xml which is discouraged",
			"Contribute the datatype to Galaxy's own datatypes and remove datatypes_conf.xml from the tool's directory.")
	},
}
