package bridge

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
)

// Serve answers framed requests read from r, in order, writing each
// response to w, until r ends: the protocol of a worker process (the
// Python package starts one in a process forked after loading the shared
// library, whose Go runtime does not survive the fork). A frame is a
// count of parts (uint32, little-endian), then each part as its length
// (uint64, little-endian) and its bytes. A request's first part is the
// JSON request, the others its blobs; a response is one part, Call's
// answer.
func (b *Bridge) Serve(r io.Reader, w io.Writer) error {
	br := bufio.NewReaderSize(r, 1<<16)
	bw := bufio.NewWriterSize(w, 1<<16)
	for {
		parts, err := ReadFrame(br)
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
		if len(parts) == 0 {
			return errors.New("bridge: a frame without a request")
		}
		if err := WriteFrame(bw, b.Call(parts[0], parts[1:])); err != nil {
			return err
		}
		if err := bw.Flush(); err != nil {
			return err
		}
	}
}

// maxParts bounds the parts of a frame, against a stream out of step.
const maxParts = 1 << 16

// ReadFrame reads one frame; io.EOF when r ends before it starts.
func ReadFrame(r io.Reader) ([][]byte, error) {
	var head [8]byte
	if _, err := io.ReadFull(r, head[:4]); err != nil {
		if errors.Is(err, io.ErrUnexpectedEOF) {
			return nil, fmt.Errorf("bridge: truncated frame: %w", err)
		}
		return nil, err
	}
	n := binary.LittleEndian.Uint32(head[:4])
	if n > maxParts {
		return nil, fmt.Errorf("bridge: a frame of %d parts: the stream is out of step", n)
	}
	parts := make([][]byte, n)
	for i := range parts {
		if _, err := io.ReadFull(r, head[:]); err != nil {
			return nil, fmt.Errorf("bridge: truncated frame: %w", noEOF(err))
		}
		size := binary.LittleEndian.Uint64(head[:])
		if size > 1<<40 {
			return nil, fmt.Errorf("bridge: a part of %d bytes: the stream is out of step", size)
		}
		parts[i] = make([]byte, size)
		if _, err := io.ReadFull(r, parts[i]); err != nil {
			return nil, fmt.Errorf("bridge: truncated frame: %w", noEOF(err))
		}
	}
	return parts, nil
}

func noEOF(err error) error {
	if errors.Is(err, io.EOF) {
		return io.ErrUnexpectedEOF
	}
	return err
}

// WriteFrame writes parts as one frame.
func WriteFrame(w io.Writer, parts ...[]byte) error {
	var head [8]byte
	binary.LittleEndian.PutUint32(head[:4], uint32(len(parts)))
	if _, err := w.Write(head[:4]); err != nil {
		return err
	}
	for _, p := range parts {
		binary.LittleEndian.PutUint64(head[:], uint64(len(p)))
		if _, err := w.Write(head[:]); err != nil {
			return err
		}
		if _, err := w.Write(p); err != nil {
			return err
		}
	}
	return nil
}
