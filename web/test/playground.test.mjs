// The playground in a real browser: Debian's chromium driven by
// playwright-core, the site built by `go run ./web/build` served from this
// process on localhost. Every example's numbers on the page are compared
// with `metricc run --format json --per-doc` on the same files.
//
//   SITE     the built site (default out/site)
//   METRICC  the command line, built from the same tree (default out/metricc)
//   AMR      a folder of internal/cmd/amrgen's pairs (default out/amr)
//   OUT      where the screenshots go (default out)
import { test, describe, before, after } from "node:test";
import assert from "node:assert/strict";
import http from "node:http";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { execFileSync, spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const here = path.dirname(fileURLToPath(import.meta.url));
const SITE = path.resolve(here, process.env.SITE || "out/site");
const METRICC = path.resolve(here, process.env.METRICC || "out/metricc");
const AMR = path.resolve(here, process.env.AMR || "out/amr");
const OUT = path.resolve(here, process.env.OUT || "out");
const CHROMIUM = "/usr/bin/chromium";

for (const [what, p] of [["the site (go run ./web/build -o out/site)", path.join(SITE, "index.html")], ["the command line (go build -o out/metricc ./cmd/metricc)", METRICC], ["the AMR pairs (go run ./internal/cmd/amrgen -out out/amr)", path.join(AMR, "onecon60.gold.amr")], ["Debian's chromium (apt-get install chromium)", CHROMIUM]]) {
  if (!fs.existsSync(p)) throw new Error(`${p} is missing: ${what}; make test-web builds what it needs`);
}

const types = { ".html": "text/html; charset=utf-8", ".js": "text/javascript", ".css": "text/css", ".json": "application/json", ".gz": "application/gzip" };

// serve answers GET requests for the files of SITE, as any static server
// would (no Content-Encoding: the page decompresses the module itself).
function serve() {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, "http://localhost");
    let file = path.normalize(path.join(SITE, decodeURIComponent(url.pathname)));
    if (!file.startsWith(SITE)) { res.writeHead(403).end(); return; }
    if (url.pathname.endsWith("/")) file = path.join(file, "index.html");
    fs.readFile(file, (err, data) => {
      if (err) { res.writeHead(404).end("not found"); return; }
      res.writeHead(200, { "Content-Type": types[path.extname(file)] || "application/octet-stream", "Content-Length": data.length });
      res.end(data);
    });
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

// cli runs metricc in dir and returns its standard output; a failing run
// returns {status, stderr}.
function cli(args, dir) {
  const r = spawnSync(METRICC, args, { cwd: dir, encoding: "utf8", maxBuffer: 256 << 20 });
  if (r.status !== 0) return { status: r.status, stderr: r.stderr };
  return r.stdout;
}

let server, browser, base, page, examples, scratch;
const consoleErrors = [];

async function openPage(hash = "") {
  const p = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
  p.on("pageerror", (err) => consoleErrors.push(String(err)));
  p.on("console", (m) => { if (m.type() === "error") consoleErrors.push(m.text()); });
  await p.goto(base + hash);
  await p.waitForFunction(() => document.body.dataset.ready === "1", null, { timeout: 60000 });
  return p;
}

async function runs(p) {
  return Number(await p.evaluate(() => document.body.dataset.runs || 0));
}

// waitRun waits for the run or alignment after `before` to finish and
// returns how it ended.
async function waitRun(p, before, timeout = 120000) {
  await p.waitForFunction((n) => Number(document.body.dataset.runs || 0) > n, before, { timeout });
  return p.evaluate(() => document.body.dataset.outcome);
}

// tableOf reads the rows of a results table body: name, metric, key and
// the exact numbers (data-raw) of each cell.
function rowsIn(p, selector) {
  return p.$$eval(selector, (trs) => trs.map((tr) => {
    const cells = {};
    for (const td of tr.querySelectorAll("td[data-field]")) cells[td.dataset.field] = { raw: td.dataset.raw, text: td.textContent };
    return { name: tr.querySelector("td.metric").textContent, metric: tr.dataset.metric, key: tr.dataset.key, cells, search: tr.querySelector("td.search").textContent };
  }));
}

// tableText reads `metricc run --format table --per-doc`: for the corpus
// ("") and each document, each row's cells as printed (columns are two
// spaces apart or more; a corpus value has one cell, in the F1 column; a
// declared value follows F1 as "value V").
function tableText(out) {
  const sections = new Map();
  let rows = null;
  for (const line of out.split("\n")) {
    const doc = /^document (.*)$/.exec(line);
    if (doc) { rows = new Map(); sections.set(doc[1], rows); continue; }
    if (/^corpus \(\d+ documents?\)$/.test(line)) { rows = new Map(); sections.set("", rows); continue; }
    const cells = line.split(/\s{2,}/);
    if (cells[0] === "metric") {
      if (!rows) { rows = new Map(); sections.set("", rows); }
      continue;
    }
    if (!rows || cells.length < 2) continue;
    const [name, ...rest] = cells;
    if (rest.length === 1) rows.set(name, { value: rest[0] });
    else rows.set(name, { precision: rest[0], recall: rest[1], f1: rest[2], value: rest[3] && rest[3].replace(/^value /, "") });
  }
  return sections;
}

// compare checks the rows shown against one "metrics" object of the JSON
// output: every metric and breakdown row, in order, each number exact.
function compare(rows, metrics, where, printed) {
  const want = [];
  for (const [name, m] of Object.entries(metrics)) {
    want.push({ metric: name, key: undefined, m });
    for (const [key, b] of Object.entries(m.by || {})) want.push({ metric: name, key, m: b });
  }
  // Object.entries puts keys such as "10" first; the page keeps the
  // output's order, so compare as sets of rows, then count.
  assert.equal(rows.length, want.length, `${where}: ${rows.length} rows, the JSON has ${want.length}`);
  const byId = new Map(rows.map((r) => [`${r.metric}\u0000${r.key ?? ""}`, r]));
  for (const w of want) {
    const r = byId.get(`${w.metric}\u0000${w.key ?? ""}`);
    assert.ok(r, `${where}: no row for ${w.metric}${w.key !== undefined ? `[${w.key}]` : ""}`);
    for (const field of ["precision", "recall", "f1", "value"]) {
      const v = w.m[field];
      if (v === undefined) {
        assert.equal(r.cells[field], undefined, `${where}: ${r.name} has a ${field} the JSON does not`);
        continue;
      }
      assert.ok(r.cells[field], `${where}: ${r.name} has no ${field}`);
      if (v === null) { assert.equal(r.cells[field].raw, "null"); continue; }
      assert.equal(Number(r.cells[field].raw), v, `${where}: ${r.name} ${field}`);
    }
    // The text of each cell is the command line's table's.
    const p = printed.get(r.name);
    if (p) {
      for (const field of ["precision", "recall", "f1", "value"]) {
        if (p[field] !== undefined) assert.equal(r.cells[field] && r.cells[field].text, p[field], `${where}: ${r.name} ${field} as printed`);
      }
    } else {
      // The table prints a breakdown row that a metric reports under its
      // own name once.
      assert.ok(w.key !== undefined, `${where}: the table has no row ${r.name}`);
    }
    if (w.m.search) {
      assert.match(r.search, new RegExp(`^${w.m.search.proven_optimal} of ${w.m.search.pairs} document pairs proven optimal`), `${where}: ${r.name} search`);
    }
  }
}

async function compareWithCLI(p, ex, extra = []) {
  const dir = path.join(SITE, "examples", ex.id);
  const out = cli(["run", ex.spec, ex.gold.name, ex.pred.name, "--format", "json", "--per-doc", ...extra], dir);
  assert.equal(typeof out, "string", `metricc run ${ex.spec} failed: ${out.stderr}`);
  const want = JSON.parse(out);
  const printed = tableText(cli(["run", ex.spec, ex.gold.name, ex.pred.name, "--format", "table", "--per-doc", ...extra], dir));
  // The JSON the page shows is the command line's (indented otherwise).
  assert.deepEqual(JSON.parse(await p.textContent("#json")), want, `${ex.id}: the page's JSON`);
  compare(await rowsIn(p, "#corpus tbody tr"), want.metrics, `${ex.id} corpus`, printed.get(""));
  const docIds = await p.$$eval("#docs tbody.doc", (bs) => bs.map((b) => b.dataset.doc));
  assert.deepEqual(docIds, want.per_doc.map((d) => d.id), `${ex.id}: documents`);
  for (const [i, d] of want.per_doc.entries()) {
    compare(await rowsIn(p, `#docs tbody.doc:nth-of-type(${i + 1}) tr[data-metric]`), d.metrics, `${ex.id} document ${d.id}`, printed.get(d.id));
  }
  assert.match(await p.textContent("#summary"), new RegExp(`^${want.documents} documents?`));
  return want;
}

async function selectExample(p, id) {
  const n = await runs(p);
  await p.selectOption("#example", id);
  return waitRun(p, n);
}

describe("playground", () => {
  before(async () => {
    server = await serve();
    base = `http://127.0.0.1:${server.address().port}/`;
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
    });
    examples = JSON.parse(fs.readFileSync(path.join(SITE, "examples.json"), "utf8"));
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), "metricc-web-"));
    page = await openPage();
  });

  after(async () => {
    if (browser) await browser.close();
    if (server) server.close();
    if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
  });

  test("the coreference example's table equals metricc run's JSON", async () => {
    const ex = examples.find((e) => e.id === "coref");
    assert.equal(await selectExample(page, "coref"), "done");
    const want = await compareWithCLI(page, ex);
    // A few numbers by eye, as the table prints them.
    const conll = await page.$eval('#corpus tr[data-metric="conll"] td[data-field="value"]', (td) => td.textContent);
    assert.equal(conll, "45.82");
    assert.equal(want.metrics.conll.value, 0.4581818181818182);
    const muc = await page.$eval('#corpus tr[data-metric="muc"] td[data-field="f1"]', (td) => td.textContent);
    assert.equal(muc, "40.00");
    assert.equal(page.url(), base + "#example=coref");
  });

  test("every example's numbers equal metricc run's JSON", async () => {
    assert.ok(examples.length >= 20);
    for (const ex of examples) {
      const outcome = await selectExample(page, ex.id);
      if (outcome !== "done") assert.fail(`${ex.id}: ${outcome}: ${await page.textContent("#error")}`);
      await compareWithCLI(page, ex);
    }
  });

  test("a spec error is shown with the checker's message at its line and column", async () => {
    await selectExample(page, "coref");
    const checks = Number(await page.evaluate(() => document.body.dataset.checks || 0));
    // Line 3 of a spec that names a field Doc does not have.
    const source = "type Doc { id: string, xs: set<string> }\ninput Doc\nmetric m = F<->[nope](delta)\n";
    await page.fill("#spec", source);
    await page.waitForFunction((n) => Number(document.body.dataset.checks || 0) > n, checks);
    const errors = await page.$$eval("#spec-errors li", (lis) => lis.map((li) => ({ line: li.dataset.line, column: li.dataset.column, where: li.querySelector(".where").textContent, text: li.querySelector("pre").textContent })));
    // The command line's message for the same text.
    const dir = fs.mkdtempSync(path.join(scratch, "spec-"));
    fs.writeFileSync(path.join(dir, "coref.metric"), source);
    const r = spawnSync(METRICC, ["check", "coref.metric"], { cwd: dir, encoding: "utf8" });
    assert.equal(r.status, 1);
    assert.equal(errors.length, 1);
    assert.equal(errors[0].text, r.stderr.trimEnd());
    assert.match(r.stderr, /^coref\.metric:3:17: /);
    assert.equal(errors[0].where, "line 3, column 17");
    assert.equal(await page.textContent("#spec-status"), "1 error");
    await page.screenshot({ path: path.join(OUT, "playground-spec-error.png") });
    // The gutter marks line 3 and the backdrop marks the word at column 17.
    assert.equal(await page.textContent("#gutter .bad"), "3");
    assert.equal(await page.textContent("#backdrop mark"), "nope");
    const markBox = await page.locator("#backdrop mark").boundingBox();
    const gutterBox = await page.locator("#gutter .bad").boundingBox();
    assert.ok(Math.abs(markBox.y - gutterBox.y) < 4, `the mark (y ${markBox.y}) is on the gutter's line 3 (y ${gutterBox.y})`);
    // Fixing it clears the errors.
    await page.fill("#spec", source.replace("nope", "xs"));
    await page.waitForFunction(() => document.getElementById("spec-status").textContent === "checked");
    assert.equal(await page.locator("#spec-errors li").count(), 0);
  });

  test("bad input gets the command line's message", async () => {
    await selectExample(page, "coref");
    await page.fill("#gold", '[{"id": "pradhan", "entities": [[{"left": "x", "right": 3}]]}]');
    await page.fill("#gold-name", "gold.json");
    const n = await runs(page);
    await page.click("#run");
    assert.equal(await waitRun(page, n), "error");
    const dir = fs.mkdtempSync(path.join(scratch, "bad-"));
    fs.writeFileSync(path.join(dir, "gold.json"), await page.inputValue("#gold"));
    fs.copyFileSync(path.join(SITE, "examples/coref/example-pred.jsonl"), path.join(dir, "example-pred.jsonl"));
    const r = cli(["run", "coref", "gold.json", "example-pred.jsonl"], dir);
    assert.equal(r.status, 1);
    assert.equal(await page.textContent("#error"), r.stderr.trimEnd());
    assert.match(r.stderr, /gold\.json: document "pradhan"/);
  });

  test("a file dropped on a pane is read, and its format detected", async () => {
    await selectExample(page, "coref");
    const key = fs.readFileSync(path.join(SITE, "examples/coref-2/TC-C.key"), "utf8");
    const data = await page.evaluateHandle((text) => {
      const dt = new DataTransfer();
      dt.items.add(new File([text], "TC-C.key", { type: "text/plain" }));
      return dt;
    }, key);
    await page.dispatchEvent('.input-pane[data-side="gold"]', "drop", { dataTransfer: data });
    await page.waitForFunction(() => document.getElementById("gold-detected").textContent === "detected: conll2012");
    assert.equal(await page.inputValue("#gold"), key);
    assert.equal(await page.inputValue("#gold-name"), "TC-C.key");
    assert.equal(await page.inputValue("#gold-format"), "auto");
  });

  test("the alignment of a document is metricc explain's page", async () => {
    await selectExample(page, "coref");
    await page.click("#docs-box summary");
    const n = await runs(page);
    await page.click('#docs button.align[data-doc="pradhan"]');
    assert.equal(await waitRun(page, n), "aligned");
    const srcdoc = await page.getAttribute("#align-frame", "srcdoc");
    const html = cli(["explain", "coref", "example-gold.json", "example-pred.jsonl", "--doc", "pradhan", "--format", "html"], path.join(SITE, "examples/coref"));
    assert.equal(typeof html, "string");
    assert.equal(srcdoc, html);
    // The frame draws it: the metrics' sections and the links between
    // matched items (drawn by the explain page's own script).
    const frame = page.frameLocator("#align-frame");
    await frame.locator("h1").waitFor();
    assert.match(await frame.locator("h1").textContent(), /Document pradhan/);
    assert.ok(await frame.locator("details.metric").count() >= 5);
    await frame.locator("svg.links path.link").first().waitFor({ state: "attached" });
    // One metric alone.
    const m = await runs(page);
    await page.selectOption("#align-metric", "muc");
    assert.equal(await waitRun(page, m), "aligned");
    const one = cli(["explain", "coref", "example-gold.json", "example-pred.jsonl", "--doc", "pradhan", "--metric", "muc", "--format", "html"], path.join(SITE, "examples/coref"));
    assert.equal(await page.getAttribute("#align-frame", "srcdoc"), one);
    await page.screenshot({ path: path.join(OUT, "playground-alignment.png"), fullPage: true });
  });

  test("a search budget applies, as on the command line", async () => {
    // Two 60-node graphs of one concept: a search of billions of steps,
    // stopped by --search-work, deterministically.
    assert.equal(await selectExample(page, "smatch"), "done");
    const gold = fs.readFileSync(path.join(AMR, "onecon60.gold.amr"), "utf8");
    const pred = fs.readFileSync(path.join(AMR, "onecon60.pred.amr"), "utf8");
    await page.fill("#gold", gold);
    await page.fill("#gold-name", "onecon60.gold.amr");
    await page.fill("#pred", pred);
    await page.fill("#pred-name", "onecon60.pred.amr");
    await page.click(".options summary");
    await page.fill("#opt-search-work", "100000000");
    const n = await runs(page);
    await page.click("#run");
    assert.equal(await waitRun(page, n), "done");
    const out = cli(["run", "smatch", "onecon60.gold.amr", "onecon60.pred.amr", "--format", "json", "--per-doc", "--search-work", "100000000"], AMR);
    assert.equal(typeof out, "string");
    assert.deepEqual(JSON.parse(await page.textContent("#json")), JSON.parse(out));
    assert.match(await page.textContent('#corpus tr[data-metric="smatch"] td.search'), /^0 of 1 document pairs proven optimal \(largest gap 9\)/);
  });

  test("a long search shows its progress, is cancelled, and the page goes on", async () => {
    // 1,000 AMR pairs of 60 nodes (seconds), then the same 60-node graphs
    // of one concept without a search limit (minutes): the progress counts
    // the first ones as the worker reaches the end of a batch of them.
    const read = (name) => fs.readFileSync(path.join(AMR, name), "utf8").trim();
    const gold = Array(100).fill(read("near60.gold.amr")).concat([read("onecon60.gold.amr")]).join("\n\n") + "\n";
    const pred = Array(100).fill(read("near60.pred.amr")).concat([read("onecon60.pred.amr")]).join("\n\n") + "\n";
    // Opened as files, as a user would (pasting a megabyte into a
    // textarea is slow in any page).
    await page.setInputFiles("#gold-file", { name: "many.gold.amr", mimeType: "text/plain", buffer: Buffer.from(gold) });
    await page.setInputFiles("#pred-file", { name: "many.pred.amr", mimeType: "text/plain", buffer: Buffer.from(pred) });
    await page.waitForFunction((n) => document.getElementById("pred").value.length === n, pred.length);
    assert.equal(await page.inputValue("#gold-name"), "many.gold.amr");
    assert.equal(await page.inputValue("#gold"), gold);
    await page.fill("#opt-search-work", "0");
    const n = await runs(page);
    await page.click("#run");
    await page.waitForFunction(() => /^scoring… \d+\.\d s · [1-9]\d* documents? scored$/.test(document.getElementById("progress").textContent), null, { timeout: 60000 });
    const scored = Number(/· (\d+) documents? scored/.exec(await page.textContent("#progress"))[1]);
    assert.ok(scored > 0 && scored < 1001, `${scored} documents scored`);
    assert.equal(await page.isEnabled("#cancel"), true);
    await page.screenshot({ path: path.join(OUT, "playground-progress.png") });
    // The page answers while the worker searches.
    assert.equal(await page.evaluate(() => 6 * 7), 42);
    const t0 = Date.now();
    await page.click("#cancel");
    assert.equal(await waitRun(page, n, 5000), "cancelled");
    assert.ok(Date.now() - t0 < 5000);
    assert.match(await page.textContent("#progress"), /^cancelled after \d+(\.\d s| ms)$/);
    assert.equal(await page.isEnabled("#run"), true);
    // A new worker scores the next run.
    assert.equal(await selectExample(page, "coref"), "done");
    await compareWithCLI(page, examples.find((e) => e.id === "coref"));
  });

  test("a crash of metricc is reported, and the next run gets a new worker", async () => {
    // A Go panic outside any request (metriccCall without its argument)
    // ends the Go program of the runner worker, as running out of memory
    // would.
    const workers = page.workers();
    assert.ok(workers.length >= 2);
    await workers[workers.length - 1].evaluate(() => { setTimeout(() => globalThis.metriccCall(), 0); });
    await page.waitForFunction(() => /^metricc stopped/.test(document.getElementById("error").textContent));
    const message = await page.textContent("#error");
    assert.match(message, /panic: runtime error: index out of range/);
    assert.match(message, /\(metricc was started again\)$/);
    assert.equal(await selectExample(page, "coref"), "done");
    await compareWithCLI(page, examples.find((e) => e.id === "coref"));
  });

  test("a link restores the spec and the inputs", async () => {
    await selectExample(page, "relation");
    const spec = (await page.inputValue("#spec")).replace("metric relf1 ", "metric relf1_renamed ");
    await page.fill("#spec", spec);
    await page.fill("#opt-metrics", "relf1_renamed");
    await page.click("#share");
    await page.waitForFunction(() => location.hash.startsWith("#s="));
    const url = page.url();
    const p2 = await browser.newPage();
    await p2.goto(url);
    await p2.waitForFunction(() => document.body.dataset.ready === "1" && Number(document.body.dataset.runs || 0) > 0, null, { timeout: 60000 });
    assert.equal(await p2.inputValue("#spec"), spec);
    assert.equal(await p2.inputValue("#gold"), await page.inputValue("#gold"));
    assert.equal(await p2.inputValue("#pred-name"), "pred.json");
    assert.equal(await p2.inputValue("#opt-metrics"), "relf1_renamed");
    assert.equal(await p2.evaluate(() => document.body.dataset.outcome), "done");
    const rows = await rowsIn(p2, "#corpus tbody tr");
    assert.deepEqual(rows.map((r) => r.name), ["relf1_renamed"]);
    await p2.close();
    // An example is linked by its name.
    await selectExample(page, "ner");
    assert.equal(page.url(), base + "#example=ner");
  });

  test("screenshot", async () => {
    await selectExample(page, "coref");
    await page.evaluate(() => { document.getElementById("docs-box").open = true; });
    const file = path.join(OUT, "playground.png");
    await page.screenshot({ path: file, fullPage: true });
    console.log(`screenshot: ${file}`);
    assert.deepEqual(consoleErrors, []);
  });
});
