package eael

import (
	"bytes"
	"crypto/sha1"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf16"
)

// span is a character offset span, both ends inclusive, as the files
// write them ("12-30").
type span struct{ start, end int }

func (s span) compare(o span) int {
	if c := s.start - o.start; c != 0 {
		return c
	}
	return s.end - o.end
}

// casString is a canonical argument string with its offsets: the scorer's
// KBPString, the key of coreference.
type casString struct {
	text string
	span span
}

// response is one line of an argument file: the scorer's Response (its
// identity is every field but the id and the confidence).
type response struct {
	doc, typ, role string
	cas            casString
	bf             span   // base filler
	pj, aj         []span // predicate and additional argument justifications: sorted sets
	realis         string // Actual, Generic or Other
	line           int
	uid            string // Response.uniqueIdentifier(): what linking files name
}

// realises are the three realis values; their order is the scorer's
// (KBPRealis.ordinal(), part of the unique identifier).
var realises = []string{"Actual", "Generic", "Other"}

func parseRealis(s string) (string, error) {
	for _, r := range realises {
		if strings.EqualFold(s, r) {
			return r, nil
		}
	}
	return "", fmt.Errorf("%q is not a realis (Actual, Generic or Other)", s)
}

func parseSpan(s string) (span, error) {
	a, b, ok := strings.Cut(s, "-")
	if !ok || strings.Contains(b, "-") {
		return span{}, fmt.Errorf("invalid span %q (expected start-end)", s)
	}
	start, err1 := strconv.Atoi(a)
	end, err2 := strconv.Atoi(b)
	switch {
	case err1 != nil || err2 != nil:
		return span{}, fmt.Errorf("invalid span %q (expected start-end)", s)
	case start < 0 || end < start:
		return span{}, fmt.Errorf("invalid span %q (the end must not precede the start)", s)
	}
	return span{start, end}, nil
}

// parseSpans reads a comma-separated set of spans, or NIL for none.
func parseSpans(s string) ([]span, error) {
	if s == "NIL" {
		return nil, nil
	}
	var out []span
	for _, part := range strings.Split(s, ",") {
		if part = strings.TrimSpace(part); part == "" {
			continue
		}
		sp, err := parseSpan(part)
		if err != nil {
			return nil, err
		}
		out = append(out, sp)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no span in %q (an empty set is written NIL)", s)
	}
	slices.SortFunc(out, span.compare)
	return slices.Compact(out), nil
}

// javaWhitespace is what Guava's CharMatcher.WHITESPACE trims from a
// canonical argument string.
func javaWhitespace(r rune) bool {
	switch r {
	case '\t', '\n', '\v', '\f', '\r', ' ', 0x85, 0xA0, 0x1680, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000:
		return true
	}
	return r >= 0x2000 && r <= 0x200A
}

// legalString is KBPString's cleaning of a string: line breaks and tabs
// become spaces, then white space is trimmed.
func legalString(s string) string {
	if strings.ContainsAny(s, "\r\n\t") {
		s = lineBreaks.Replace(s)
	}
	return strings.TrimFunc(s, javaWhitespace)
}

var lineBreaks = strings.NewReplacer("\r\n", " ", "\n", " ", "\t", " ")

// parseResponse reads the nine argument fields after the id (document,
// type, role, CAS, CAS offsets, predicate justifications, base filler,
// additional argument justifications, realis), as
// AssessmentSpecFormats.parseArgumentFields does.
func parseResponse(f []string, line int) (*response, error) {
	r := &response{doc: f[0], typ: f[1], role: f[2], line: line}
	var err error
	if r.doc == "" || r.typ == "" || r.role == "" {
		return nil, fmt.Errorf("the document, event type and role may not be empty")
	}
	r.cas.text = legalString(f[3])
	if r.cas.span, err = parseSpan(f[4]); err != nil {
		return nil, fmt.Errorf("CAS offsets: %w", err)
	}
	if r.pj, err = parseSpans(f[5]); err != nil {
		return nil, fmt.Errorf("predicate justifications: %w", err)
	}
	if len(r.pj) == 0 {
		return nil, fmt.Errorf("predicate justifications may not be NIL")
	}
	if r.bf, err = parseSpan(f[6]); err != nil {
		return nil, fmt.Errorf("base filler: %w", err)
	}
	if r.aj, err = parseSpans(f[7]); err != nil {
		return nil, fmt.Errorf("additional argument justifications: %w", err)
	}
	if r.realis, err = parseRealis(f[8]); err != nil {
		return nil, err
	}
	r.uid = r.uniqueID()
	return r, nil
}

// uniqueID is Response.uniqueIdentifier(): the hex SHA-1 of the fields,
// strings as UTF-8 and numbers as 4-byte little-endian integers (Guava's
// Hasher), justifications sorted, the realis by its ordinal.
func (r *response) uniqueID() string {
	var b bytes.Buffer
	putInt := func(v int) { b.Write(binary.LittleEndian.AppendUint32(nil, uint32(int32(v)))) }
	for _, s := range []string{r.doc, r.typ, r.role, r.cas.text} {
		b.WriteString(strings.ToValidUTF8(s, "\uFFFD"))
	}
	putInt(r.cas.span.start)
	putInt(r.cas.span.end)
	putInt(r.bf.start)
	putInt(r.bf.end)
	putInt(0) // PJ_CODE
	for _, s := range r.pj {
		putInt(s.start)
		putInt(s.end)
	}
	putInt(1) // AAJ_CODE
	for _, s := range r.aj {
		putInt(s.start)
		putInt(s.end)
	}
	putInt(slices.Index(realises, r.realis))
	sum := sha1.Sum(b.Bytes())
	return hex.EncodeToString(sum[:])
}

// javaHash is Response.hashCode() (old2014ResponseID), the scorer's
// tie-break between responses of equal confidence: Guava's
// Objects.hashCode over the document, type and role strings, the CAS
// (string and offsets), the base filler, the two justification sets (a
// set hashes to the sum of its elements' hashes) and the realis name's
// hash.
func (r *response) javaHash() int32 {
	spanHash := func(s span) int32 { return arrayHash(int32(s.start), int32(s.end)) }
	setHash := func(ss []span) int32 {
		var h int32
		for _, s := range ss {
			h += spanHash(s)
		}
		return h
	}
	return arrayHash(stringHash(r.doc), stringHash(r.typ), stringHash(r.role),
		arrayHash(stringHash(r.cas.text), spanHash(r.cas.span)), spanHash(r.bf),
		setHash(r.aj), setHash(r.pj), stringHash(r.realis))
}

// stringHash is java.lang.String.hashCode: over UTF-16 code units.
func stringHash(s string) int32 {
	var h int32
	for _, r := range s {
		if r1, r2 := utf16.EncodeRune(r); r1 != unicode.ReplacementChar {
			h = 31*h + int32(r1)
			r = r2
		}
		h = 31*h + int32(r)
	}
	return h
}

// arrayHash is java.util.Arrays.hashCode of the elements' hash codes.
func arrayHash(hs ...int32) int32 {
	h := int32(1)
	for _, x := range hs {
		h = 31*h + x
	}
	return h
}

// temporal reports whether the role is a time (Response.isTemporal).
func (r *response) temporal() bool { return r.role == "Time" || r.role == "TIME" }

func (r *response) String() string {
	return fmt.Sprintf("%s %s %q [%d-%d] %s", r.typ, r.role, r.cas.text, r.cas.span.start, r.cas.span.end, r.realis)
}

// ResponseID is the scorer's unique id (Response.uniqueIdentifier, what
// linking files name responses by) of the response in the nine argument
// columns after the id: document, event type, role, CAS, CAS offsets,
// predicate justifications, base filler, additional justifications,
// realis. For programs that write stores.
func ResponseID(cols []string) (string, error) {
	if len(cols) < 9 {
		return "", fmt.Errorf("a response has 9 argument columns, not %d", len(cols))
	}
	r, err := parseResponse(cols[:9], 0)
	if err != nil {
		return "", err
	}
	return r.uid, nil
}
