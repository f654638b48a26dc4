//go:build js && wasm

// Command wasm is metricc for the playground's Web Worker. It defines two
// functions and waits:
//
//	metriccCall(request, onProgress)  a request of internal/bridge, as JSON:
//	                                  a promise of the JSON response; while
//	                                  a score request runs, onProgress(done,
//	                                  unproven) hears the documents scored
//	metriccView(response)             a score response as the page shows it
//	                                  (playground.View, as JSON)
//
// Everything else is in internal/bridge and web/internal/playground,
// tested natively.
package main

import (
	"encoding/json"
	"runtime/debug"
	"syscall/js"
	"time"

	"github.com/metricc/metricc"
	"github.com/metricc/metricc/internal/bridge"
	"github.com/metricc/metricc/web/internal/playground"
)

var (
	b = bridge.New()
	// onProgress is the callback of the request in progress (the worker
	// sends one request at a time).
	onProgress js.Value
)

func main() {
	// WebAssembly's memory only grows: collect before it does, as the
	// command line does under its soft limit.
	debug.SetMemoryLimit(1 << 30)
	b.OnRun = func(p *metricc.Progress) func() {
		if onProgress.Type() != js.TypeFunction {
			return func() {}
		}
		stop := make(chan struct{})
		go report(p, onProgress, stop)
		return func() { close(stop) }
	}
	js.Global().Set("metriccCall", js.FuncOf(call))
	js.Global().Set("metriccView", js.FuncOf(view))
	select {}
}

// call answers on a goroutine of its own and returns a promise: the
// worker's event loop must turn while the request waits (on timers).
func call(_ js.Value, args []js.Value) any {
	req := args[0].String()
	progress := js.Undefined()
	if len(args) > 1 {
		progress = args[1]
	}
	var executor js.Func
	executor = js.FuncOf(func(_ js.Value, p []js.Value) any {
		resolve := p[0]
		go func() {
			defer executor.Release()
			onProgress = progress
			resp := b.Call([]byte(req), nil)
			onProgress = js.Undefined()
			resolve.Invoke(string(resp))
		}()
		return nil
	})
	return js.Global().Get("Promise").New(executor)
}

func view(_ js.Value, args []js.Value) any {
	v, err := playground.ViewOf([]byte(args[0].String()))
	var out []byte
	if err == nil {
		out, err = json.Marshal(v)
	}
	if err != nil {
		out, _ = json.Marshal(map[string]any{"error": map[string]string{"type": "internal", "message": "internal error: " + err.Error()}})
	}
	return string(out)
}

// report passes the counts on, five times a second at most. It runs when
// the scoring goroutines wait (between batches of documents): WebAssembly
// has one thread and no preemption.
func report(p *metricc.Progress, f js.Value, stop <-chan struct{}) {
	tick := time.NewTicker(200 * time.Millisecond)
	defer tick.Stop()
	last := 0
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
