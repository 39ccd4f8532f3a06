package mcpserver

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// progressEvery is the least time between two progress notifications of
// one call, but for the last: a client wants to see a run move, not a
// message per file.
const progressEvery = 100 * time.Millisecond

// progress sends a call's MCP progress notifications, when the client
// sent a progressToken with it.
type progress struct {
	ctx     context.Context
	session *mcp.ServerSession
	token   any
	unit    string // what is counted, such as "files checked"

	mu   sync.Mutex
	last time.Time // when the last notification was sent
	sent bool      // whether one was sent
}

type progressKey struct{}

// withProgress returns ctx carrying the progress of the call req, when
// its client asked for notifications.
func withProgress(ctx context.Context, req *mcp.CallToolRequest) context.Context {
	if req == nil || req.Session == nil || req.Params == nil {
		return ctx
	}
	tok := req.Params.GetProgressToken()
	if tok == nil {
		return ctx
	}
	return context.WithValue(ctx, progressKey{}, &progress{session: req.Session, token: tok})
}

// progressReporter returns the function that reports done of total
// (total 0 while not known) for the call of ctx, counting unit; it does
// nothing when the client asked for no notifications. The first report,
// the last (done == total) and one at least every progressEvery are
// sent; none once the call's context has ended.
func progressReporter(ctx context.Context, unit string) func(done, total int) {
	p, _ := ctx.Value(progressKey{}).(*progress)
	if p == nil {
		return func(int, int) {}
	}
	p.ctx, p.unit = ctx, unit
	return p.report
}

func (p *progress) report(done, total int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.ctx.Err() != nil {
		return
	}
	now := time.Now()
	if p.sent && now.Sub(p.last) < progressEvery && (total == 0 || done < total) {
		return
	}
	p.sent, p.last = true, now
	msg := fmt.Sprintf("%d %s", done, p.unit)
	if total > 0 {
		msg = fmt.Sprintf("%d of %d %s", done, total, p.unit)
	}
	// A notification that cannot be sent (the client went away) is not
	// the call's failure.
	_ = p.session.NotifyProgress(p.ctx, &mcp.ProgressNotificationParams{
		ProgressToken: p.token, Progress: float64(done), Total: float64(total), Message: msg,
	})
}
