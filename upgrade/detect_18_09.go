package upgrade

// dataManagerEnv: 18_09_consider_python_environment. From 18.09 a data
// manager (tool_type="manage_data") runs without Galaxy's virtual
// environment, so its requirements must bring what it imports. It applies
// to data managers, as Galaxy's advisor says; without the expanded view a
// tool_type made by a token may read "manage_data".
func dataManagerEnv(d *Doc) bool { return toolType(d, "manage_data") }
