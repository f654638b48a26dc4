package eael_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/metricc/metricc"
	"github.com/metricc/metricc/internal/adapter"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A hand-made document for the parts of the pipeline the scenarios do not
// reach. Key (argument columns, then AET AER CAS BF coref realis mention):
var ruleKey = []struct{ name, args, assessment string }{
	{"die", "D\tLife.Die\tVictim\tBob\t10-12\t0-70\t10-12\tNIL\tActual\t1.0", "C\tC\tC\tC\t1\tActual\tNAME"},
	// Removed: Life.Die incorporates Life.Injure (DeleteInjureForCorrectDie).
	{"injure", "D\tLife.Injure\tVictim\tBob\t10-12\t0-70\t10-12\tNIL\tActual\t1.0", "C\tC\tC\tC\t1\tActual\tNAME"},
	{"time", "D\tLife.Die\tTime\t2003-03-04\t20-29\t0-70\t20-29\tNIL\tActual\t1.0", "C\tC\tC\tC\t2\tActual\tNOMINAL"},
	// Removed: less specific than a correct time (OnlyMostSpecificTemporal).
	{"month", "D\tLife.Die\tTime\t2003-03-XX\t30-39\t0-70\t30-39\tNIL\tActual\t1.0", "C\tC\tC\tC\t3\tActual\tNOMINAL"},
	// Wrong: not a KBP TIMEX (MakeBrokenTimesWrong).
	{"broken", "D\tLife.Die\tTime\tMarch 4\t40-46\t0-70\t40-46\tNIL\tActual\t1.0", "C\tC\tC\tC\t4\tActual\tNOMINAL"},
	// Wrong as Generic; the realis expansion adds "paris" (Actual), right.
	{"parisGeneric", "D\tLife.Die\tPlace\tParis\t50-54\t0-70\t50-54\tNIL\tGeneric\t1.0", "C\tC\tC\tC\t5\tActual\tNAME"},
	// One TRFR, two justifications: the first right, the second not.
	{"police", "D\tLife.Die\tAgent\tpolice\t60-65\t55-70\t60-65\tNIL\tActual\t1.0", "C\tC\tC\tC\t6\tActual\tNOMINAL"},
	{"police2", "D\tLife.Die\tAgent\tpolice\t60-65\t56-70\t60-65\tNIL\tActual\t1.0", "C\tW\tNIL\tNIL\t6\tNIL\tNIL"},
}

const parisActual = "D\tLife.Die\tPlace\tParis\t50-54\t0-70\t50-54\tNIL\tActual"

func writeFile(t *testing.T, path, text string) {
	t.Helper()
	require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
	require.NoError(t, os.WriteFile(path, []byte(text), 0o644))
}

// writeRuleStores writes the key above, its reference frame (die, time,
// the expanded paris, police) and a system output: die, injure, month,
// broken in one frame with police (confidence policeConf) and police2
// (0.5), paris (Actual) alone; extra lines are added to the system.
func writeRuleStores(t *testing.T, policeConf string, extra ...string) (gold, pred string) {
	dir := t.TempDir()
	gold, pred = filepath.Join(dir, "LDC_assessments"), filepath.Join(dir, "run1")
	uid := map[string]string{}
	var key []string
	for _, k := range ruleKey {
		uid[k.name] = uniqueID(t, strings.Split(k.args, "\t"))
		key = append(key, uid[k.name]+"\t"+k.args+"\t"+k.assessment)
	}
	uid["paris"] = uniqueID(t, strings.Split(parisActual, "\t"))
	writeFile(t, filepath.Join(gold, "annotation", "D"), "# assessed\n"+strings.Join(key, "\n")+"\n")
	writeFile(t, filepath.Join(gold, "linkingStore", "D"), strings.Join([]string{uid["die"], uid["time"], uid["paris"], uid["police"]}, "\t")+"\nINCOMPLETE\n")
	sys := []string{
		"s1\t" + strings.Replace(ruleKey[0].args, "1.0", "0.9", 1),
		"s2\t" + strings.Replace(ruleKey[1].args, "1.0", "0.9", 1),
		"s3\t" + strings.Replace(ruleKey[3].args, "1.0", "0.8", 1),
		"s4\t" + strings.Replace(ruleKey[4].args, "1.0", "0.7", 1),
		"s5\t" + parisActual + "\t0.6",
		"s6\t" + strings.Replace(ruleKey[6].args, "1.0", policeConf, 1),
		"s7\t" + strings.Replace(ruleKey[7].args, "1.0", "0.5", 1),
	}
	writeFile(t, filepath.Join(pred, "arguments", "D"), strings.Join(append(sys, extra...), "\r\n")+"\r\n")
	writeFile(t, filepath.Join(pred, "linking", "D"), "s1\ts2\ts3\ts4\ts6\t"+uid["police2"]+"\ns5\n")
	return gold, pred
}

func scoreStores(t *testing.T, gold, pred string) (*metricc.Result, error) {
	spec, err := metricc.Load("eael")
	require.NoError(t, err)
	return spec.Score(metricc.File(gold), metricc.File(pred), metricc.Options{Workers: 1})
}

// TestRules, computed by hand. Correct TRFRs after the rules: die, time,
// paris (Actual), police: 4. The system's TRFRs: die (right), broken
// (wrong), paris (right), police: its best response decides.
//
// policeConf 0.6: police (right) is selected: TP 3, FP 1, arg 2.75. The
// linking pool of the system: {die, police}, {paris}; the reference
// {die, time, paris, police}: die and police each have neighbours
// precision 1, recall 1/3, F 0.5; paris predicted alone scores 0; time is
// not predicted: link 1.0 of 4. Combined 0.5·2.75/4 + 0.5·1/4.
//
// policeConf 0.5: a tie, broken by the Java hashCode: police2's,
// 1880978280, beats police's, 1880977319 (checked against Java's in
// ids_test.go's way): police counts wrong. TP 2, FP 2, arg 1.5; the
// system links die to nothing right: link 0. Combined 0.5·1.5/4.
func TestRules(t *testing.T) {
	for _, c := range []struct {
		conf                 string
		arg, link, combined  float64
		tp, predicted, gold4 float64
	}{
		{"0.6", 2.75, 1, 0.5*2.75/4 + 0.5*1.0/4, 3, 4, 4},
		{"0.5", 1.5, 0, 0.5 * 1.5 / 4, 2, 4, 4},
	} {
		t.Run(c.conf, func(t *testing.T) {
			gold, pred := writeRuleStores(t, c.conf)
			res, err := scoreStores(t, gold, pred)
			require.NoError(t, err)
			arg := res.Metric("arg")
			assert.Equal(t, [3]float64{c.tp, c.predicted, c.gold4}, [3]float64{arg.Sums.PredGold, arg.Sums.PredPred, arg.Sums.GoldGold})
			assert.InDelta(t, c.arg, arg.Value, 1e-12)
			assert.InDelta(t, c.link, res.Metric("link").Value, 1e-12)
			assert.Equal(t, 4.0, res.Metric("link").Sums.GoldGold)
			assert.InDelta(t, c.combined, res.Metric("combined").Value, 1e-12)
		})
	}
}

// TestStoreErrors: what the scorer refuses is refused, naming the file
// and line.
func TestStoreErrors(t *testing.T) {
	t.Run("unassessed", func(t *testing.T) {
		gold, pred := writeRuleStores(t, "0.6", "s8\tD\tConflict.Attack\tTarget\tParis\t50-54\t0-70\t50-54\tNIL\tActual\t0.4")
		writeFile(t, filepath.Join(pred, "linking", "D"), "s1\ts8\ns5\ts6\n")
		_, err := scoreStores(t, gold, pred)
		require.Error(t, err)
		assert.Contains(t, err.Error(), filepath.Join(pred, "arguments", "D")+`: line 8: response Conflict.Attack Target "Paris" [50-54] Actual is not assessed in the key, and the scorer stops on unassessed responses (was the quote filter applied?)`)
	})
	t.Run("swapped", func(t *testing.T) {
		gold, pred := writeRuleStores(t, "0.6")
		_, err := scoreStores(t, pred, gold)
		require.Error(t, err)
		assert.Contains(t, err.Error(), "this input is a prediction, read against a gold; give the gold first")
	})
	t.Run("unknown id", func(t *testing.T) {
		gold, pred := writeRuleStores(t, "0.6")
		writeFile(t, filepath.Join(pred, "linking", "D"), "s1\ts9\n")
		_, err := scoreStores(t, gold, pred)
		assert.EqualError(t, err, filepath.Join(pred, "linking", "D")+`: line 1: response id "s9" is not a response of the document's argument file`)
	})
	t.Run("no linking", func(t *testing.T) {
		gold, pred := writeRuleStores(t, "0.6")
		require.NoError(t, os.Remove(filepath.Join(pred, "linking", "D")))
		_, err := scoreStores(t, gold, pred)
		assert.ErrorContains(t, err, "the argument and linking directories hold different documents (D has no linking)")
	})
	t.Run("incomplete key", func(t *testing.T) {
		gold, pred := writeRuleStores(t, "0.6")
		k := readKeyLines(t, gold)
		writeFile(t, filepath.Join(gold, "linkingStore", "D"), "INCOMPLETE\t"+strings.Split(k[1], "\t")[0]+"\n")
		_, err := scoreStores(t, gold, pred)
		assert.ErrorContains(t, err, "1 responses of the key are INCOMPLETE (their linking is not annotated), e.g. line 2 of")
	})
	t.Run("nil coref", func(t *testing.T) {
		gold, pred := writeRuleStores(t, "0.6")
		k := readKeyLines(t, gold)
		k[3] = strings.Replace(k[3], "\t2\tActual", "\tNIL\tActual", 1)
		writeFile(t, filepath.Join(gold, "annotation", "D"), strings.Join(k, "\n"))
		_, err := scoreStores(t, gold, pred)
		assert.EqualError(t, err, filepath.Join(gold, "annotation", "D")+`: line 4: CAS "2003-03-04" [20-29] has no coreference id (NIL): the scorer cannot put it in a TRFR and stops`)
	})
	t.Run("bad assessment", func(t *testing.T) {
		gold, pred := writeRuleStores(t, "0.6")
		k := readKeyLines(t, gold)
		k[1] = strings.Replace(k[1], "C\tC\tC\tC\t1\tActual\tNAME", "C\tC\tX\tC\t1\tActual\tNAME", 1)
		k[2] = strings.Replace(k[2], "\tNAME", "\tNIL", 1)
		k[3] = k[3][:strings.LastIndex(k[3], "\t")]
		writeFile(t, filepath.Join(gold, "annotation", "D"), strings.Join(k, "\n"))
		_, err := scoreStores(t, gold, pred)
		file := filepath.Join(gold, "annotation", "D")
		assert.EqualError(t, err, file+`: line 2: cannot parse "X" as an assessment (C, W, I or NIL)`+"\n"+
			file+`: line 3: a response whose event type and role are right needs CAS, base filler, realis and mention type assessments (not NIL)`+"\n"+
			file+`: line 4: 17 tab-separated columns, but an assessment line has 18`)
	})
	t.Run("mixed store", func(t *testing.T) {
		// A key document is read when its pair is scored.
		gold, pred := writeRuleStores(t, "0.6")
		writeFile(t, filepath.Join(gold, "annotation", "E"), "x\tE\tLife.Die\tVictim\tBob\t1-2\t1-2\t1-2\tNIL\tActual\t1.0\n")
		spec, err := metricc.Load("eael")
		require.NoError(t, err)
		_, err = spec.Score(metricc.File(gold), metricc.File(pred), metricc.Options{Workers: 1, AllowMissing: true})
		assert.EqualError(t, err, filepath.Join(gold, "annotation", "E")+": 11 columns: a system output file in an assessment store")
	})
}

func readKeyLines(t *testing.T, gold string) []string {
	data, err := os.ReadFile(filepath.Join(gold, "annotation", "D"))
	require.NoError(t, err)
	return strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
}

// TestSingleFiles: a file of a store, or of the LDC's 2014 pilot layout,
// is recognized and refused with what to give instead.
func TestSingleFiles(t *testing.T) {
	for file, want := range map[string]string{
		"../../../testdata/cases/eael/test-resources/linkingTest.AFP_ENG_20091024.0206":      "one argument file of a TAC KBP 2015 store; the eael format reads the store, a directory",
		"../../../testdata/cases/eael/test-resources/AFP_ENG_20030304.0250.sgm.gold.ldc.txt": "a file in the LDC's 2014 pilot layout (14 columns",
	} {
		if _, err := os.Stat(file); os.IsNotExist(err) {
			t.Fatal("the copy of the shared EAEL cases is missing:", err)
		}
		_, err := adapter.Read(file, adapter.Auto)
		assert.ErrorContains(t, err, want)
	}
	_, err := adapter.Read(t.TempDir(), adapter.Auto)
	assert.ErrorContains(t, err, "is a directory, and not in the layout of a format that reads directories (eael)")
}

// TestPerfectSystem reads the shared 2015 assessment file (162 assessed
// responses of AFP_ENG_20091024.0206) as the key, with reference frames
// linking the right responses of each event type, and scores the system
// that outputs exactly the right responses (with their assessed realis)
// and those frames: every score is 1. The rules and the realis expansion
// act on real assessments here.
func TestPerfectSystem(t *testing.T) {
	const file = "../../../testdata/cases/eael/test-resources/linkingTest.AFP_ENG_20091024.0206"
	data, err := os.ReadFile(file)
	if os.IsNotExist(err) {
		t.Fatal("the copy of the shared EAEL cases is missing:", err)
	}
	require.NoError(t, err)
	dir := t.TempDir()
	gold, pred := filepath.Join(dir, "key"), filepath.Join(dir, "system")
	writeFile(t, filepath.Join(gold, "annotation", "AFP_ENG_20091024.0206"), string(data))
	byType := map[string][]string{}
	var types []string
	var sys []string
	seen := map[string]bool{}
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		c := strings.Split(line, "\t")
		ok := func(f string) bool { return f == "C" || f == "I" }
		if !ok(c[11]) || !ok(c[12]) || !ok(c[13]) || !ok(c[14]) || c[16] == "NIL" {
			continue
		}
		if c[3] == "Time" && len(c[4]) != 10 {
			continue // not a TIMEX: the scorer makes it wrong
		}
		args := append([]string(nil), c[1:11]...)
		args[8] = c[16] // the assessed realis: the expansion's copy is right
		id := uniqueID(t, args)
		if seen[id] {
			continue
		}
		seen[id] = true
		sys = append(sys, id+"\t"+strings.Join(args, "\t"))
		if args[8] != "Generic" {
			if byType[c[2]] == nil {
				types = append(types, c[2])
			}
			byType[c[2]] = append(byType[c[2]], id)
		}
	}
	var frames []string
	for _, typ := range types {
		frames = append(frames, strings.Join(byType[typ], "\t"))
	}
	writeFile(t, filepath.Join(gold, "linkingStore", "AFP_ENG_20091024.0206"), strings.Join(frames, "\n")+"\nINCOMPLETE\n")
	writeFile(t, filepath.Join(pred, "arguments", "AFP_ENG_20091024.0206"), strings.Join(sys, "\n")+"\n")
	writeFile(t, filepath.Join(pred, "linking", "AFP_ENG_20091024.0206"), strings.Join(frames, "\n")+"\n")
	res, err := scoreStores(t, gold, pred)
	require.NoError(t, err)
	arg, link := res.Metric("arg"), res.Metric("link")
	assert.Equal(t, [2]float64{1, 1}, [2]float64{arg.Precision, arg.Recall})
	assert.Equal(t, arg.Sums.GoldGold, arg.Value, "TP − β·0")
	assert.Greater(t, arg.Sums.GoldGold, 20.0)
	assert.Equal(t, 1.0, link.Recall)
	assert.Greater(t, link.Sums.GoldGold, 10.0)
	assert.Equal(t, 1.0, res.Metric("combined").Value)
	t.Logf("%d system responses, %d correct TRFRs, %d linked TRFRs in %d frames", len(sys), int(arg.Sums.GoldGold), int(link.Sums.GoldGold), len(frames))
}
