package typecheck

import (
	"bufio"
	"bytes"
	"fmt"
	"sort"
	"strings"

	"github.com/metricc/metricc/internal/ast"
	"github.com/metricc/metricc/internal/typecheck/types"
)

// Param is a named number of the spec (docs/language.md, Params, consts and
// filters), with the value it has in this program: the declared one, or the
// one the caller set.
type Param struct {
	Name  string
	Value float64
	Set   bool // the value came from the caller (--set)
	Decl  *ast.ParamDecl
}

// Constant is a named string, number or set of them, for filters.
type Constant struct {
	Name  string
	Value ConstValue
	Decl  *ast.ConstDecl
}

// ConstValue is a constant: a string, a number (float64), or a set of
// them.
type ConstValue struct {
	Str   *string
	Num   *float64
	Set   []ConstValue
	IsSet bool
}

// String prints the value as a spec writes it.
func (v ConstValue) String() string {
	switch {
	case v.IsSet:
		s := make([]string, len(v.Set))
		for i, e := range v.Set {
			s[i] = e.String()
		}
		return "{" + strings.Join(s, ", ") + "}"
	case v.Str != nil:
		return fmt.Sprintf("%q", *v.Str)
	}
	return fmt.Sprint(*v.Num)
}

// kind names what the constant is, for messages.
func (v ConstValue) kind() string {
	switch {
	case v.IsSet:
		return "a set"
	case v.Str != nil:
		return "a string"
	}
	return "a number"
}

// constOf lowers a literal operand.
func constOf(o ast.Operand) (ConstValue, bool) {
	switch o := o.(type) {
	case *ast.StringLit:
		s := o.Value
		return ConstValue{Str: &s}, true
	case *ast.NumberLit:
		n := o.Value
		return ConstValue{Num: &n}, true
	case *ast.SetLit:
		v := ConstValue{IsSet: true}
		for _, e := range o.Elems {
			ev, _ := constOf(e)
			v.Set = append(v.Set, ev)
		}
		return v, true
	}
	return ConstValue{}, false
}

// ---- params ----

// collectParam declares a param; its value may be overridden later.
func (c *checker) collectParam(d *ast.ParamDecl) {
	p := &Param{Name: d.Name.Name, Value: d.Value.Value, Decl: d}
	if c.declareName(&nameEntry{kind: paramName, ident: d.Name, param: p}) {
		c.prog.Params = append(c.prog.Params, p)
	}
}

// applyParams applies the caller's values; a name that is not a param is
// an error that names the params there are.
func (c *checker) applyParams() {
	names := make([]string, 0, len(c.cfg.Params))
	for name := range c.cfg.Params {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		e := c.names[name]
		if e == nil || e.kind != paramName {
			var have []string
			for _, p := range c.prog.Params {
				have = append(have, p.Name)
			}
			list := "it has none"
			if len(have) > 0 {
				list = "it has " + strings.Join(have, ", ")
			}
			err := c.errs.Add(c.src, ast.NoPos, ast.NoPos, fmt.Sprintf("cannot set %q: the spec declares no param of that name (%s)", name, list))
			err.Hint = suggest(name, have)
			continue
		}
		e.param.Value, e.param.Set = c.cfg.Params[name], true
	}
}

// param resolves a param used at id, which must come after its
// declaration: a spec reads top to bottom.
func (c *checker) param(id *ast.Ident) (*Param, bool) {
	e := c.names[id.Name]
	if e == nil || e.kind != paramName {
		return nil, false
	}
	if id.Pos() < e.param.Decl.Pos() {
		c.errorf(id, "param %q is used before its declaration at %s", id.Name, c.src.Position(e.param.Decl.Pos()))
	}
	return e.param, true
}

// ---- consts ----

func (c *checker) collectConst(d *ast.ConstDecl) {
	v, _ := constOf(d.Value)
	k := &Constant{Name: d.Name.Name, Value: v, Decl: d}
	if v.IsSet {
		for _, e := range v.Set {
			if (e.Str == nil) != (v.Set[0].Str == nil) {
				c.errorf(d.Value, "a set mixes strings and numbers")
				break
			}
		}
	}
	c.declareName(&nameEntry{kind: constName, ident: d.Name, konst: k})
}

// ---- ontologies ----

type ontologyEntry struct {
	decl *ast.OntologyDecl
	ont  *types.Ontology
}

// collectOntology declares the ontology's name as a type.
func (c *checker) collectOntology(d *ast.OntologyDecl) {
	name := d.Name.Name
	if basicTypes[name] != nil || collectionKinds[name] != nil {
		c.errorf(d.Name, "ontology %q redeclares a built-in type", name)
		return
	}
	if prev := c.typeDecls[name]; prev != nil {
		c.errorf(d.Name, "ontology %q has the name of type %s (declared at %s)", name, name, c.src.Position(prev.decl.Name.Pos()))
		return
	}
	if prev := c.ontologies[name]; prev != nil {
		c.errorf(d.Name, "ontology %q redeclared (first declared at %s)", name, c.src.Position(prev.decl.Name.Pos()))
		return
	}
	c.ontologies[name] = &ontologyEntry{decl: d}
	c.ontologyOrder = append(c.ontologyOrder, c.ontologies[name])
}

// buildOntologies reads every ontology, inline or from its file, and
// checks that it is a forest.
func (c *checker) buildOntologies() {
	for _, e := range c.ontologyOrder {
		d := e.decl
		o := types.NewOntology(d.Name.Name, d)
		ok := true
		if d.From != nil {
			ok = c.readOntologyFile(o, d)
		} else {
			for _, r := range d.Rules {
				o.Add(r.Parent.Name)
				for _, ch := range r.Children {
					if err := o.Link(r.Parent.Name, ch.Name); err != nil {
						c.errorf(ch, "ontology %s: %v", o.Name, err)
						ok = false
					}
				}
			}
		}
		if !ok {
			continue
		}
		if err := o.Finish(); err != nil {
			c.errorf(d.Name, "ontology %s: %v", o.Name, err)
			continue
		}
		if len(o.Concepts) == 0 {
			c.errorf(d.Name, "ontology %s has no concepts", o.Name)
			continue
		}
		e.ont = o
		c.prog.Ontologies = append(c.prog.Ontologies, o)
	}
}

// readOntologyFile reads `from "file"`: one "parent child" pair per line
// (a line of one name declares a root), or with `by "sep"` one concept per
// line in the first column (tab or space separated), whose parent is its
// name up to the last separator ("Conflict.Attack" under "Conflict").
// Blank lines and lines starting with # are skipped. Errors name the file
// and line, at the declaration's path.
func (c *checker) readOntologyFile(o *types.Ontology, d *ast.OntologyDecl) bool {
	if c.cfg.ReadFile == nil {
		c.errorf(d.From, "ontology %s: this spec cannot read files (no directory to read %q from)", o.Name, d.From.Value)
		return false
	}
	data, err := c.cfg.ReadFile(d.From.Value)
	if err != nil {
		c.errorf(d.From, "ontology %s: %v", o.Name, err)
		return false
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<20)
	ok := true
	line := 0
	for sc.Scan() {
		line++
		text := strings.TrimSpace(strings.TrimPrefix(sc.Text(), "\ufeff"))
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		fields := strings.Fields(text)
		fail := func(format string, args ...any) {
			c.errorf(d.From, "ontology %s: %s:%d: %s", o.Name, d.From.Value, line, fmt.Sprintf(format, args...))
			ok = false
		}
		if d.Sep != nil {
			concept := fields[0]
			sep := d.Sep.Value
			if sep == "" {
				fail("the separator is empty")
				return false
			}
			o.Add(concept)
			for child := concept; strings.Contains(child, sep); {
				parent := child[:strings.LastIndex(child, sep)]
				if parent == "" {
					fail("%q starts with the separator %q", concept, sep)
					break
				}
				if err := o.Link(parent, child); err != nil {
					fail("%v", err)
					break
				}
				child = parent
			}
			continue
		}
		switch len(fields) {
		case 1:
			o.Add(fields[0])
		case 2:
			if err := o.Link(fields[0], fields[1]); err != nil {
				fail("%v", err)
			}
		default:
			fail("expected \"parent child\", found %d fields (use `by \"sep\"` for a file of dotted concept names in the first column)", len(fields))
		}
	}
	if err := sc.Err(); err != nil {
		c.errorf(d.From, "ontology %s: %s: %v", o.Name, d.From.Value, err)
		return false
	}
	return ok
}

// ontology returns the ontology named name, or nil.
func (c *checker) ontology(name string) *types.Ontology {
	if e := c.ontologies[name]; e != nil {
		return e.ont
	}
	return nil
}

func (c *checker) paramNames() []string {
	names := make([]string, len(c.prog.Params))
	for i, p := range c.prog.Params {
		names[i] = p.Name
	}
	return names
}
