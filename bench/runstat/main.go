// Command runstat runs a program and writes what it cost: its own CPU
// (user and system, to the microsecond), its peak memory and its wall
// time, without the cost of anything around it. The benchmarks take these
// from it rather than from /usr/bin/time, whose own start (about a
// millisecond of CPU and more of wall time) wait4 counts with the program
// it runs: 3% of a 35 ms run, and more of a --workers 2 run's wall time.
//
//	runstat -o FILE PROGRAM [ARG...]
//
// FILE gets one line: "CPU_US USER_US SYS_US MAXRSS_KB WALL_US". The
// program's standard streams are runstat's; runstat exits with its exit
// code (1 for a signal, with the line written all the same).
//
// Peak memory is the kernel's for the program: the larger of its own and
// runstat's at the moment it was started (a few megabytes), so memory
// below that is not told apart.
package main

import (
	"fmt"
	"io"
	"os"
	"os/exec"
	"syscall"
	"time"
)

func main() { os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) }

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) < 3 || args[0] != "-o" {
		fmt.Fprintln(stderr, "usage: runstat -o FILE PROGRAM [ARG...]")
		return 2
	}
	cmd := exec.Command(args[2], args[3:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = stdin, stdout, stderr
	start := time.Now()
	err := cmd.Run()
	wall := time.Since(start)
	if cmd.ProcessState == nil {
		fmt.Fprintln(stderr, "runstat:", err)
		return 127
	}
	ru := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	user, sys := micros(ru.Utime), micros(ru.Stime)
	line := fmt.Sprintf("%d %d %d %d %d\n", user+sys, user, sys, ru.Maxrss, wall.Microseconds())
	if err := os.WriteFile(args[1], []byte(line), 0o644); err != nil {
		fmt.Fprintln(stderr, "runstat:", err)
		return 1
	}
	code := cmd.ProcessState.ExitCode()
	if code < 0 { // ended by a signal
		code = 1
	}
	return code
}

func micros(t syscall.Timeval) int64 { return t.Sec*1_000_000 + t.Usec }
