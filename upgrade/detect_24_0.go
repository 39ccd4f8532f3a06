package upgrade

// asyncSourceEnv: 24_0_consider_python_environment. From 24.0 an
// asynchronous data source tool (tool_type="data_source_async") runs
// without Galaxy's virtual environment. It applies to those tools, as
// Galaxy's advisor says; without the expanded view a tool_type made by a
// token may read "data_source_async".
func asyncSourceEnv(d *Doc) bool { return toolType(d, "data_source_async") }

// requestCleaning: 24_0_request_cleaning. From 24.0 Galaxy passes a data
// source tool only the request parameters its <request_param_translation>
// names. Whether the tool relies on others is up to the remote site, so it
// applies to every data source tool (tool_type "data_source" or
// "data_source_async"), as Galaxy's advisor says.
func requestCleaning(d *Doc) bool { return toolType(d, "data_source", "data_source_async") }
