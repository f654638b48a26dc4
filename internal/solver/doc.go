// Package solver computes maximum-weight matchings between two finite sets,
// the rows X (for example predictions) and the columns Y (for example
// references), given a weight w(i, j) for every pair.
//
// The package knows nothing about metrics, languages or evaluation: it only
// solves
//
//	max over matchings M of Σ_{(i,j) ∈ M} w(i, j)
//
// under one of four constraints on M. Matchings are always partial, so a
// pair whose weight is ≤ 0 is never worth including and is never reported.
//
//   - 1:1, each row and each column used at most once:
//     [Assignment] over sparse edges (forced pairs, else [Assigner.MaxEdges]),
//     and [Assigner.Max] on a dense matrix.
//   - N:1, each row used at most once, columns shared:
//     [RowMax] = Σ_i max(0, max_j w(i, j)), O(n + edges).
//   - 1:N, each column used at most once, rows shared:
//     [ColMax] = Σ_j max(0, max_i w(i, j)), O(k + edges).
//   - N:N, no constraint: [SumPositive] = Σ_{i,j} max(0, w(i, j)).
//   - Order-preserving 1:1 on two sequences (weighted longest common
//     subsequence): [Ordered], the heaviest chain of edges increasing in
//     both row and column, O(E log E).
//
// Each is a [Func] over a [Workspace]; [For] picks one by constraint, so a
// caller chooses its algorithm once and solves many problems with it. Every
// Func can also return the matching it found.
//
// # The 1:1 solvers
//
// [Assigner.Max] solves the rectangular assignment problem on a dense
// row-major n×m matrix with the shortest augmenting path method: one
// Dijkstra-like search per row over reduced costs kept non-negative by dual
// potentials (in the style of Jonker and Volgenant). The matrix is
// transposed when n > m so that the search always runs from the smaller
// side, giving O(r²·c) time with r = min(n, m), c = max(n, m), and
// O(n·m) scratch space. Negative weights are replaced by 0 first; with all
// weights non-negative a maximum-weight complete assignment of the smaller
// side is also a maximum-weight partial matching, and pairs matched at
// weight 0 are then reported as unmatched.
//
// [Assigner.MaxEdges] returns the same total from the positive entries
// alone, first splitting the bipartite graph they form into connected
// components (union-find). A component with a single row or a single
// column is solved by taking its best entry; any other component is solved
// with the dense method on its own sub-matrix. When the matrix is nearly
// block-diagonal, as in coreference evaluation on long documents, the cost
// is then the sum of the cubes of the component sizes rather than the cube
// of the document size, and the n×m matrix is never built: it uses
// O(n + m + len(edges)) space (n and m counted up to the largest index an
// edge uses) plus R·C for the largest component with R rows and C columns.
// Duplicate edges keep their largest weight.
//
// # Latent variables
//
// LatentSolver.Solve matches items under any of the four constraints
// jointly with a one-to-one map between two sets of variables (Eq. 36 of
// Chen et al.: Smatch's variable map): an item pair counts only if the map
// pairs the variables it requires. It is exact, by branch and bound:
// Gilmore–Lawler bounds from assignments over the undecided variable pairs
// (with the split of each pair's weight between its variables tuned by
// subgradient steps at the root), reduced-cost fixing and propagation of
// forced pairs, an incumbent from deterministic hill climbing, and
// independent components solved apart. It reports whether the optimum is
// proven, and a bound when a limit (nodes, time, a deterministic work
// count, candidate pairs, or a stop channel) ends it first;
// a zero [Limits] applies the default budget.
//
// LatentSolver.SolveItems takes the same problem in class form (Smatch's
// triples: a class and a list of variables per item), linear in size:
// a bound from class counts and a structure-aware σ (colour refinement,
// propagation, item-following hill climbing) prove self- and isomorphic
// matches without a candidate pair; a row graph that splits into parts at
// cut variables is bounded part by part; only then are the classes
// expanded into pairs for the branch and bound.
//
// # Numbers
//
// All solvers treat negative weights and NaN as 0 and clamp +Inf to
// math.MaxFloat64; callers are expected to supply finite weights, and with
// non-finite or huge weights (whose sums overflow) the result is only
// guaranteed to be a valid matching, not an optimal one. For integer-valued
// weights whose partial sums stay below 2^53 every result is exact. Results
// are deterministic: the same input always yields the same matching.
//
// # Malformed input
//
// No function panics on a malformed shape. A negative n or m, or a weight
// slice whose length is not n·m, yields total 0 with every reported entry
// set to -1. Output slices shorter than n (or nil) are filled only as far
// as they reach, which lets callers that only need the total pass nil.
package solver
