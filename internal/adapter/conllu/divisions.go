package conllu

import (
	"bytes"
	"io"
	"unicode"
	"unicode/utf8"
)

// scanDivisions reads a CoNLL-U file for where its documents start, as the
// parser splits it, without building them: for each "# newdoc" line that
// ends a document, the offset of the next one in the file's text (bytes of
// the tokens' FORMs without Zs characters) and its line. It checks
// nothing; the parser reports what is malformed. total is the length of
// the text.
func scanDivisions(r io.Reader) (offsets []int64, lines []int, total int64, err error) {
	lr := newLineReader(r)
	var (
		line            int
		inSent, docOpen bool
		text            int64
		mwEnd           int // last word ID of the open multiword token
	)
	for {
		b, err := lr.next()
		if err == io.EOF {
			return offsets, lines, text, nil
		}
		if err != nil {
			return nil, nil, 0, err
		}
		line++
		if !inSent {
			if len(b) > 0 && b[0] == '#' {
				if docOpen && isNewdoc(b) {
					offsets, lines = append(offsets, text), append(lines, line)
					docOpen = false
				}
				continue
			}
			if len(b) == 0 {
				continue
			}
			inSent, docOpen, mwEnd = true, true, 0
		}
		if len(b) == 0 {
			inSent = false
			continue
		}
		tab := bytes.IndexByte(b, '\t')
		if tab < 0 {
			continue
		}
		id, form := b[:tab], b[tab+1:]
		if k := bytes.IndexByte(form, '\t'); k >= 0 {
			form = form[:k]
		}
		if bytes.IndexByte(id, '.') >= 0 {
			continue // an empty node
		}
		if dash := bytes.IndexByte(id, '-'); dash >= 0 {
			mwEnd = atoi(id[dash+1:])
			text += textBytes(form)
			continue
		}
		if mwEnd != 0 {
			if n := atoi(id); n <= mwEnd {
				if n == mwEnd {
					mwEnd = 0
				}
				continue // a word of the multiword token
			}
			mwEnd = 0
		}
		text += textBytes(form)
	}
}

// atoi reads a decimal number, or gives -1.
func atoi(b []byte) int {
	if len(b) == 0 || len(b) > 9 {
		return -1
	}
	n := 0
	for _, c := range b {
		if c < '0' || c > '9' {
			return -1
		}
		n = n*10 + int(c-'0')
	}
	return n
}

// textBytes is the length in bytes of a FORM without its Zs characters.
func textBytes(form []byte) int64 {
	n := int64(0)
	for i := 0; i < len(form); {
		if c := form[i]; c < utf8.RuneSelf {
			if c != ' ' {
				n++
			}
			i++
			continue
		}
		r, size := utf8.DecodeRune(form[i:])
		if !unicode.Is(unicode.Zs, r) {
			n += int64(size)
		}
		i += size
	}
	return n
}
