// Command build writes the playground, a static site, to a folder:
//
//	go run ./web/build -o DIR
//
// It compiles web/wasm to WebAssembly (GOOS=js GOARCH=wasm), writes it
// gzip-compressed as DIR/metricc.wasm.gz (the page's worker decompresses
// it, so any static server will do), copies Go's wasm_exec.js from the
// toolchain and the page from web/site, and makes the examples menu from
// the shipped specs and their test data (DIR/examples.json and
// DIR/examples/). It fails when the compressed WebAssembly is over
// -max-wasm bytes.
package main

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/metricc/metricc"
	"github.com/metricc/metricc/web/internal/examples"
)

func main() {
	out := flag.String("o", "", "the folder to write the site to (created; files of the same name are replaced)")
	maxWasm := flag.Int("max-wasm", 4_000_000, "fail when the compressed WebAssembly has more bytes than this")
	flag.Parse()
	if *out == "" || flag.NArg() > 0 {
		fmt.Fprintln(os.Stderr, "usage: go run ./web/build -o DIR")
		os.Exit(2)
	}
	if err := build(*out, *maxWasm); err != nil {
		fmt.Fprintln(os.Stderr, "build:", err)
		os.Exit(1)
	}
}

func build(out string, maxWasm int) error {
	root, err := goEnv("GOMOD")
	if err != nil {
		return err
	}
	if root == "" || root == os.DevNull {
		return fmt.Errorf("run it inside the metricc module")
	}
	root = filepath.Dir(root)
	goroot, err := goEnv("GOROOT")
	if err != nil {
		return err
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	// The page.
	site := filepath.Join(root, "web", "site")
	entries, err := os.ReadDir(site)
	if err != nil {
		return err
	}
	for _, e := range entries {
		if e.IsDir() {
			continue
		}
		if err := copyFile(filepath.Join(site, e.Name()), filepath.Join(out, e.Name())); err != nil {
			return err
		}
	}
	// Go's glue between WebAssembly and JavaScript, of the toolchain that
	// compiles the module (they must match).
	if err := copyFile(filepath.Join(goroot, "lib", "wasm", "wasm_exec.js"), filepath.Join(out, "wasm_exec.js")); err != nil {
		return err
	}
	// The module.
	tmp, err := os.MkdirTemp("", "metricc-web")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	wasm := filepath.Join(tmp, "metricc.wasm")
	cmd := exec.Command("go", "build", "-trimpath", "-ldflags=-s -w", "-o", wasm, "./web/wasm")
	cmd.Dir, cmd.Stdout, cmd.Stderr = root, os.Stderr, os.Stderr
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("go build ./web/wasm: %w", err)
	}
	raw, err := os.ReadFile(wasm)
	if err != nil {
		return err
	}
	var gz bytes.Buffer
	zw, err := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	if err != nil {
		return err
	}
	if _, err := zw.Write(raw); err != nil {
		return err
	}
	if err := zw.Close(); err != nil {
		return err
	}
	if gz.Len() > maxWasm {
		return fmt.Errorf("metricc.wasm.gz has %d bytes, more than the %d allowed (-max-wasm)", gz.Len(), maxWasm)
	}
	if err := os.WriteFile(filepath.Join(out, "metricc.wasm.gz"), gz.Bytes(), 0o644); err != nil {
		return err
	}
	// The examples.
	list, err := examples.List(root)
	if err != nil {
		return err
	}
	if err := examples.Write(root, out, list); err != nil {
		return err
	}
	manifest, err := json.MarshalIndent(map[string]any{
		"version": metricc.Version, "wasm_bytes": len(raw), "wasm_gzip_bytes": gz.Len(), "examples": len(list),
	}, "", "  ")
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(out, "build.json"), append(manifest, '\n'), 0o644); err != nil {
		return err
	}
	fmt.Printf("wrote %s: metricc.wasm.gz %.2f MB gzip (%.2f MB uncompressed), %d examples\n", out, float64(gz.Len())/1e6, float64(len(raw))/1e6, len(list))
	return nil
}

func goEnv(name string) (string, error) {
	out, err := exec.Command("go", "env", name).Output()
	if err != nil {
		return "", fmt.Errorf("go env %s: %w", name, err)
	}
	return strings.TrimSpace(string(out)), nil
}

func copyFile(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	o, err := os.Create(dst)
	if err != nil {
		return err
	}
	if _, err := io.Copy(o, in); err != nil {
		o.Close()
		return err
	}
	return o.Close()
}
