package inputs

import (
	"fmt"

	"github.com/galaxy-gtr/gtr/rules/lint"
)

// SelectOptionsSourceConflict is GTR063: a select's <options> element with
// sources that do not go together.
var SelectOptionsSourceConflict = &lint.Check{
	Code:    "GTR063",
	Name:    "select-options-source-conflict",
	Summary: "A dynamic <options> source combination must be coherent.",
	Linters: []string{"InputsSelectOptionsFromDatasetAndDatatable", "InputsSelectOptionsMetaFileKey"},
	Cite:    "https://docs.galaxyproject.org/en/latest/dev/schema.html#tool-inputs-param-options",
	Since:   "0.6.0",
	Doc: lint.Doc{
		What: "Reports the first <options> child of an input <param type=\"select\"> when it sets both " +
			"from_dataset and from_data_table (InputsSelectOptionsFromDatasetAndDatatable), or " +
			"meta_file_key without from_dataset (InputsSelectOptionsMetaFileKey), as Galaxy's linters do.",
		Why: "Galaxy reads a select's options from one source: with both, one of them is silently " +
			"ignored; meta_file_key names a metadata file of the dataset, which means nothing without " +
			"one. planemo lint reports an error.",
		Example: "<options from_dataset=\"input\" from_data_table=\"all_fasta\"/>\n→\n" +
			"<options from_data_table=\"all_fasta\"/>",
		FixSafety: "Advisory only: which source the select should read is the author's decision.",
	},
	Run: func(c *lint.Ctx) {
		for _, p := range selects(c) {
			opts := p.firstOptions()
			if opts == nil {
				continue
			}
			_, dataset := opts.Get("from_dataset")
			_, table := opts.Get("from_data_table")
			_, metaKey := opts.Get("meta_file_key")
			if dataset && table {
				c.Report("InputsSelectOptionsFromDatasetAndDatatable", opts,
					fmt.Sprintf("Select parameter [%s] options uses 'from_dataset' and 'from_data_table' attribute.", p.name),
					"Keep one source on the <options> element: from_dataset or from_data_table.")
			}
			if metaKey && !dataset {
				c.ReportAttrName("InputsSelectOptionsMetaFileKey", opts, "meta_file_key",
					fmt.Sprintf("Select parameter [%s] 'meta_file_key' is only compatible with 'from_dataset'.", p.name),
					"Remove meta_file_key, or read the options from a dataset with from_dataset.")
			}
		}
	},
}
