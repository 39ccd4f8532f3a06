module github.com/galaxy-gtr/gtr

go 1.25.0

require (
	github.com/modelcontextprotocol/go-sdk v1.8.0 // indirect
	github.com/sergi/go-diff v1.4.0 // indirect
	github.com/stretchr/testify v1.12.1 // indirect
	go.yaml.in/yaml/v3 v3.0.5 // indirect
	pgregory.net/rapid v1.3.0 // indirect
)
