//go:build js && wasm

// Command wasm is metricc for the playground's Web Worker: it defines
// metriccCall(request, onProgress), which answers a JSON request (see
// playground.Request) with a promise of the JSON response, and reports
// the documents scored to onProgress(done, unproven) while a run goes on.
// Everything else is in web/internal/playground, tested natively.
package main

import (
	"runtime/debug"
	"syscall/js"
	"time"

	"github.com/metricc/metricc"
	"github.com/metricc/metricc/web/internal/playground"
)

func main() {
	// WebAssembly's memory only grows: collect before it does, as the
	// command line does under its soft limit.
	debug.SetMemoryLimit(1 << 30)
	js.Global().Set("metriccCall", js.FuncOf(call))
	select {}
}

// call starts answering on a goroutine of its own and returns a promise:
// the worker's event loop must run while the request waits on timers.
func call(_ js.Value, args []js.Value) any {
	req := args[0].String()
	onProgress := js.Undefined()
	if len(args) > 1 && args[1].Type() == js.TypeFunction {
		onProgress = args[1]
	}
	var executor js.Func
	executor = js.FuncOf(func(_ js.Value, p []js.Value) any {
		resolve := p[0]
		go func() {
			defer executor.Release()
			var progress *metricc.Progress
			stop := make(chan struct{})
			if !onProgress.IsUndefined() {
				progress = &metricc.Progress{}
				go report(progress, onProgress, stop)
			}
			out := playground.HandleJSON([]byte(req), progress)
			close(stop)
			resolve.Invoke(string(out))
		}()
		return nil
	})
	return js.Global().Get("Promise").New(executor)
}

// report passes the counts on, five times a second at most. It runs when
// the scoring goroutines wait (between batches of documents): WebAssembly
// has one thread and no preemption.
func report(p *metricc.Progress, f js.Value, stop <-chan struct{}) {
	tick := time.NewTicker(200 * time.Millisecond)
	defer tick.Stop()
	last := -1
	for {
		select {
		case <-stop:
			return
		case <-tick.C:
			done, unproven := p.Counts()
			if done != last {
				f.Invoke(done, unproven)
				last = done
			}
		}
	}
}
