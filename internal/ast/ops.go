package ast

// NormKind is a normalizer letter.
type NormKind int

// The normalizers (docs/language.md, Similarity expressions). NormVar is the
// letter N: P when computing precision, R when computing recall. NormU is
// the linear utility U(β) = Σ(X,Y) − β·(Σ(X,X) − Σ(X,Y)), true positives
// less β per false positive.
const (
	NormS NormKind = iota
	NormP
	NormR
	NormF
	NormJ
	NormVar
	NormU
)

var normNames = [...]string{NormS: "S", NormP: "P", NormR: "R", NormF: "F", NormJ: "J", NormVar: "N", NormU: "U"}

func (k NormKind) String() string {
	if uint(k) < uint(len(normNames)) {
		return normNames[k]
	}
	return "?"
}

// Constraint is the matching constraint ◇.
type Constraint int

// The constraints: <-> one-to-one, -> many-to-one (each predicted item at
// most once), <- one-to-many (each reference item at most once), ~ any.
const (
	OneToOne Constraint = iota
	ManyToOne
	OneToMany
	ManyToMany
)

var constraintNames = [...]string{OneToOne: "<->", ManyToOne: "->", OneToMany: "<-", ManyToMany: "~"}

func (c Constraint) String() string {
	if uint(c) < uint(len(constraintNames)) {
		return constraintNames[c]
	}
	return "?"
}

// BinaryOp is an arithmetic operator.
type BinaryOp int

// Arithmetic operators; × is OpMul.
const (
	OpAdd BinaryOp = iota
	OpSub
	OpMul
	OpDiv
)

var binaryNames = [...]string{OpAdd: "+", OpSub: "-", OpMul: "*", OpDiv: "/"}

func (o BinaryOp) String() string {
	if uint(o) < uint(len(binaryNames)) {
		return binaryNames[o]
	}
	return "?"
}

// Precedence returns the binding strength of o: higher binds tighter.
func (o BinaryOp) Precedence() int {
	if o == OpMul || o == OpDiv {
		return 2
	}
	return 1
}

// CompareOp is the comparison inside an Iverson bracket.
type CompareOp int

// Comparison operators; ≥ and ≤ are OpGE and OpLE.
const (
	OpGT CompareOp = iota
	OpGE
	OpLT
	OpLE
	OpEQ
	OpNE
)

var compareNames = [...]string{OpGT: ">", OpGE: ">=", OpLT: "<", OpLE: "<=", OpEQ: "==", OpNE: "!="}

func (o CompareOp) String() string {
	if uint(o) < uint(len(compareNames)) {
		return compareNames[o]
	}
	return "?"
}
