// Command libmetricc is the core of the Python package, built two ways.
//
// As a C shared library (go build -buildmode=c-shared -o libmetricc.so
// ./cmd/libmetricc), loaded into the Python process, it exports two
// functions: metricc_call, which hands a request and its blobs to
// internal/bridge and returns the response, and metricc_free, which frees
// that response. The Go code runs on the calling thread and the runtime's
// own; ctypes releases the GIL around the call.
//
// As a program (go build ./cmd/libmetricc), it is the worker that a
// process forked after loading the library talks to, the forked copy of
// the Go runtime being unusable: it serves the same requests, framed, on
// standard input and output (bridge.Serve), until its input ends.
//
// It lives beside the command line (cmd/) rather than in python/ because
// it is Go, built with the module's toolchain and checked by go vet and
// go test with the rest; the Python package's build only invokes it.
package main

/*
#include <stdlib.h>
*/
import "C"

import (
	"bytes"
	"fmt"
	"os"
	"runtime/debug"
	"unsafe"

	"github.com/metricc/metricc/internal/bridge"
)

// core serves every call of the process.
var core = bridge.New()

func init() { tuneGC() }

// tuneGC sets the collector as the command line does (cmd/metricc), so
// that scoring in process costs what a run costs: GOGC=800 with a soft
// limit of 1 GiB, unless GOGC or GOMEMLIMIT are set.
func tuneGC() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(800)
	}
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(1 << 30)
	}
}

// metricc_call serves the JSON request req (reqLen bytes) with the nblobs
// byte strings blobs (lengths blobLens). The blobs are read in place, not
// copied (documents can be hundreds of megabytes): the caller keeps them
// unchanged until the call returns, and the bridge keeps nothing of them
// after it. It returns the response, *respLen bytes, allocated with
// malloc: free it with metricc_free.
//
//export metricc_call
func metricc_call(req *C.char, reqLen C.size_t, blobs **C.char, blobLens *C.size_t, nblobs C.size_t, respLen *C.size_t) *C.char {
	r := bytes.Clone(unsafe.Slice((*byte)(unsafe.Pointer(req)), int(reqLen)))
	var parts [][]byte
	if nblobs > 0 {
		ptrs := unsafe.Slice(blobs, int(nblobs))
		lens := unsafe.Slice(blobLens, int(nblobs))
		parts = make([][]byte, nblobs)
		for i := range parts {
			if lens[i] > 0 {
				parts[i] = unsafe.Slice((*byte)(unsafe.Pointer(ptrs[i])), int(lens[i]))
			} else {
				parts[i] = []byte{}
			}
		}
	}
	resp := core.Call(r, parts)
	*respLen = C.size_t(len(resp))
	return (*C.char)(C.CBytes(resp))
}

// metricc_free frees a response of metricc_call.
//
//export metricc_free
func metricc_free(p *C.char) { C.free(unsafe.Pointer(p)) }

func main() {
	if len(os.Args) > 1 {
		fmt.Fprintln(os.Stderr, "libmetricc: the worker of the metricc Python package; it takes no arguments and serves framed requests on standard input")
		os.Exit(2)
	}
	if err := bridge.New().Serve(os.Stdin, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "libmetricc:", err)
		os.Exit(1)
	}
}
