package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// maxMessageBytes bounds one JSON-RPC message on standard input, as the
// SDK's stdio transport does by default.
const maxMessageBytes = mcp.DefaultMaxLineLength

// drainTimeout bounds how long the server keeps answering requests after
// standard input ends.
const drainTimeout = 30 * time.Second

// newStdioTransport returns the MCP stdio transport over in and out, with
// two differences from the SDK's. The SDK ends the session at the first
// line that is not a JSON-RPC message; this transport answers such a line
// with a JSON-RPC error and goes on, as the JSON-RPC 2.0 specification
// asks (parse error -32700, invalid request -32600). And at the end of the
// input it waits for the answers to the requests already read (up to
// drainTimeout) before ending the session, so that "gtr mcp < requests"
// answers every request instead of dropping those still running.
func newStdioTransport(in io.Reader, out io.Writer) mcp.Transport {
	pr, pw := io.Pipe()
	w := &responseWriter{w: out, pending: map[string]bool{}, idle: make(chan struct{}, 1)}
	go filterMessages(in, pw, w)
	return &mcp.IOTransport{Reader: pr, Writer: w}
}

// responseWriter writes the server's messages to standard output, one
// Write each (as the SDK makes them and filterMessages' error responses
// are), and tracks which requests are still unanswered.
type responseWriter struct {
	mu      sync.Mutex
	w       io.Writer
	pending map[string]bool // ids of the requests not yet answered
	idle    chan struct{}   // signalled when pending becomes empty
}

func (rw *responseWriter) Write(p []byte) (int, error) {
	rw.mu.Lock()
	defer rw.mu.Unlock()
	n, err := rw.w.Write(p)
	if len(rw.pending) > 0 {
		if m, derr := jsonrpc.DecodeMessage(bytes.TrimSpace(p)); derr == nil {
			if resp, ok := m.(*jsonrpc.Response); ok {
				delete(rw.pending, idKey(resp.ID))
				if len(rw.pending) == 0 {
					select {
					case rw.idle <- struct{}{}:
					default:
					}
				}
			}
		}
	}
	return n, err
}

func (rw *responseWriter) Close() error { return nil }

// sent records a request passed to the server.
func (rw *responseWriter) sent(m jsonrpc.Message) {
	if req, ok := m.(*jsonrpc.Request); ok && req.ID.IsValid() {
		rw.mu.Lock()
		rw.pending[idKey(req.ID)] = true
		rw.mu.Unlock()
	}
}

// drain waits until every request sent has been answered, or timeout.
func (rw *responseWriter) drain(timeout time.Duration) {
	deadline := time.After(timeout)
	for {
		rw.mu.Lock()
		n := len(rw.pending)
		rw.mu.Unlock()
		if n == 0 {
			return
		}
		select {
		case <-rw.idle:
		case <-deadline:
			return
		}
	}
}

func idKey(id jsonrpc.ID) string { return fmt.Sprintf("%T:%v", id.Raw(), id.Raw()) }

// filterMessages copies the JSON-RPC messages of in, one per line, to
// pipe, and answers every other non-blank line on out. It closes pipe at
// the end of in, which ends the session.
func filterMessages(in io.Reader, pipe *io.PipeWriter, out *responseWriter) {
	r := bufio.NewReaderSize(in, 64<<10)
	for {
		line, tooLong, err := readLine(r, maxMessageBytes)
		if tooLong {
			out.Write(errorResponse(nil, jsonrpc.CodeInvalidRequest, "message larger than 16 MiB"))
		} else if len(bytes.TrimSpace(line)) > 0 {
			m, resp := checkMessage(line)
			if resp != nil {
				out.Write(resp)
			} else {
				out.sent(m)
				if _, werr := pipe.Write(append(line, '\n')); werr != nil {
					return // the session is closed
				}
			}
		}
		if err != nil {
			out.drain(drainTimeout)
			pipe.Close()
			return
		}
	}
}

// readLine returns the next line of r without its newline. A line longer
// than limit is read to its end and dropped, with tooLong set. err is set
// at the end of the input (with the last line, if any).
func readLine(r *bufio.Reader, limit int) (line []byte, tooLong bool, err error) {
	for {
		chunk, err := r.ReadSlice('\n')
		if !tooLong {
			if len(line)+len(chunk) > limit+1 {
				tooLong, line = true, nil
			} else {
				line = append(line, chunk...)
			}
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		return bytes.TrimSuffix(line, []byte("\n")), tooLong, err
	}
}

// checkMessage decodes a line as one JSON-RPC message, or returns the
// error response to send instead.
func checkMessage(line []byte) (jsonrpc.Message, []byte) {
	if !json.Valid(line) {
		return nil, errorResponse(nil, jsonrpc.CodeParseError, "parse error: the line is not valid JSON")
	}
	if b := bytes.TrimSpace(line); b[0] == '[' {
		return nil, errorResponse(nil, jsonrpc.CodeInvalidRequest, "invalid request: JSON-RPC batches are not supported; send one message per line")
	}
	m, err := jsonrpc.DecodeMessage(line)
	if err != nil {
		var msg struct {
			ID json.RawMessage `json:"id"`
		}
		_ = json.Unmarshal(line, &msg) // valid JSON; a non-object leaves ID empty
		return nil, errorResponse(msg.ID, jsonrpc.CodeInvalidRequest, "invalid request: "+err.Error())
	}
	return m, nil
}

// errorResponse returns a JSON-RPC error response line. id is echoed when
// it is a valid request id (a string or a number), else null.
func errorResponse(id json.RawMessage, code int64, message string) []byte {
	var v any
	if json.Unmarshal(id, &v) != nil {
		v = nil
	}
	switch v.(type) {
	case string, float64:
	default:
		id = json.RawMessage("null")
	}
	data, _ := json.Marshal(struct {
		JSONRPC string          `json:"jsonrpc"`
		ID      json.RawMessage `json:"id"`
		Error   jsonrpc.Error   `json:"error"`
	}{"2.0", id, jsonrpc.Error{Code: code, Message: message}})
	return append(data, '\n')
}
