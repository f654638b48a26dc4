// Command metricc scores structured predictions with metrics written in
// the notation of Chen et al. (EMNLP 2023).
//
//	metricc check SPEC
//	metricc run SPEC GOLD PRED [flags]
//	metricc explain SPEC GOLD PRED --doc ID [flags]
//	metricc compare SPEC GOLD PRED_A PRED_B [flags]
//	metricc merge STATS... [flags]
//	metricc show NAME
//	metricc specs
//	metricc init --json-schema SCHEMA [-o FILE]
//
// SPEC is a .metric file or the name of a shipped spec (coref, ...).
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strings"

	"github.com/metricc/metricc"
)

func main() {
	tuneGC()
	// A closed standard output would be taken over by the first file
	// opened, and the results lost with exit 0: refuse to start instead.
	if _, err := os.Stdout.Stat(); err != nil {
		fmt.Fprintln(os.Stderr, "metricc: standard output is closed; nothing could be printed")
		os.Exit(1)
	}
	defer func() {
		// A bug must still end in a message and a failing exit, not a
		// trace the user has to read: the stack goes last, for the report.
		if r := recover(); r != nil {
			fmt.Fprintf(os.Stderr, "metricc: internal error: %v\nThis is a bug in metricc; please report it with the command and its input. Stack:\n%s", r, debug.Stack())
			os.Exit(3)
		}
	}()
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// tuneGC lets the heap grow further between collections than Go's default
// (a run is short and its live heap small, so the default collects a
// corpus's garbage several times over), with a soft memory limit so that a
// large input still collects in time. GOGC and GOMEMLIMIT, when set, win.
func tuneGC() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(800)
	}
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(1 << 30)
	}
}

const usage = `usage:
  metricc check SPEC                         parse and type-check a spec
  metricc run SPEC GOLD PRED [flags]         score predictions against gold
  metricc explain SPEC GOLD PRED --doc ID    the optimal alignment of one document, as a tree
  metricc compare SPEC GOLD PRED_A PRED_B    is B better than A? paired bootstrap and randomization
  metricc merge STATS... [flags]             combine the stats files of shards (run --stats-out)
  metricc show NAME                          print a shipped spec
  metricc specs                              list the shipped specs and what they score
  metricc init --json-schema SCHEMA          a starting spec for outputs that follow a JSON Schema
  metricc help [COMMAND]                     this usage, or a command's flags
  metricc --version                          print the version

SPEC is a .metric file, or the name of a shipped spec (e.g. coref); SPEC,
GOLD or PRED may be - for standard input. Run 'metricc help COMMAND' (or
'metricc COMMAND -h') for the flags of a command.
`

// run is main without the exit, so tests can call it in process. It prints
// errors once, to stderr, and returns the exit code.
func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return 1
	}
	var err error
	switch args[0] {
	case "check":
		err = checkCmd(args[1:], stdout, stderr)
	case "run":
		err = runCmd(args[1:], stdout, stderr)
	case "specs":
		err = specsCmd(stdout)
	case "explain":
		err = explainCmd(args[1:], stdout, stderr)
	case "compare":
		err = compareCmd(args[1:], stdout, stderr)
	case "merge":
		err = mergeCmd(args[1:], stdout, stderr)
	case "show":
		err = showCmd(args[1:], stdout, stderr)
	case "init":
		err = initCmd(args[1:], stdout, stderr)
	case "version", "-version", "--version":
		fmt.Fprintln(stdout, metricc.VersionString())
		return 0
	case "help":
		// metricc help COMMAND is metricc COMMAND -h.
		if len(args) == 2 && commands[args[1]] {
			return run([]string{args[1], "-h"}, stdout, stderr)
		}
		if len(args) > 1 {
			fmt.Fprintf(stderr, "metricc help: no command %q\n%s", strings.Join(args[1:], " "), usage)
			return 1
		}
		fmt.Fprint(stdout, usage)
		return 0
	case "-h", "-help", "--help":
		fmt.Fprint(stdout, usage)
		return 0
	default:
		fmt.Fprintf(stderr, "metricc: unknown command %q\n%s", args[0], usage)
		return 1
	}
	if errors.Is(err, errHelp) {
		return 0
	}
	if err != nil {
		report(stderr, err)
		return 1
	}
	return 0
}

// commands are the subcommands that have a help of their own.
var commands = map[string]bool{"check": true, "run": true, "explain": true, "compare": true, "merge": true, "show": true, "specs": true, "init": true}

// errHelp says a subcommand printed its help, as asked: exit 0.
var errHelp = errors.New("help printed")

// wantsHelp reports whether args ask a subcommand for its help.
func wantsHelp(args []string) bool {
	for _, a := range args {
		switch a {
		case "-h", "-help", "--help":
			return true
		case "--":
			return false
		}
	}
	return false
}

// errPrinted says the error was already printed (e.g. flag usage).
var errPrinted = errors.New("already printed")

// report prints an error the way its kind deserves: spec errors with
// source line and caret, data errors one per line.
func report(w io.Writer, err error) {
	if errors.Is(err, errPrinted) {
		return
	}
	metricc.WriteError(w, err)
}
