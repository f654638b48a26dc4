// The playground's page. Everything metricc computes runs in Web Workers
// (worker.js) on metricc compiled to WebAssembly; this script only moves
// text between the page and the workers and draws what they answer.
"use strict";

const $ = (id) => document.getElementById(id);
const CHECK_DELAY = 250;       // ms after the last keystroke
const CHECK_TIMEOUT = 10000;   // ms a check may take before its worker is replaced
const BIG_INPUT = 2 << 20;     // characters past which a pane is not edited in place
const MAX_DOCS_SHOWN = 300;    // document tables drawn
const MAX_LINK = 60000;        // characters of a link's state
const MAX_FILE = 256 << 20;    // bytes of a dropped file

// ---------------------------------------------------------------------------
// Loading metricc and talking to its workers.

// loadModule fetches and compiles the WebAssembly once; each worker
// instantiates the compiled module. The file is gzip-compressed; a server
// that already decoded it (Content-Encoding: gzip) hands over the module.
async function loadModule() {
  const resp = await fetch("metricc.wasm.gz");
  if (!resp.ok) throw new Error(`metricc.wasm.gz: ${resp.status} ${resp.statusText}`);
  let bytes = new Uint8Array(await resp.arrayBuffer());
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
    const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
    bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  }
  return WebAssembly.compile(bytes);
}

// Engine is one worker. call() sends a request and resolves with its
// response; restart() ends the worker (and whatever it was computing) and
// starts a fresh one.
class Engine {
  constructor(name, module) {
    this.name = name;
    this.module = module;
    this.next = 1;
    this.pending = new Map();
    this.spawn();
  }
  spawn() {
    const w = new Worker("worker.js");
    this.worker = w;
    this.ready = new Promise((resolve) => { this.onReady = resolve; });
    w.onmessage = (e) => this.receive(e.data);
    w.onerror = (e) => { e.preventDefault(); this.crash(`metricc stopped: ${e.message || "an error in its worker"}`); };
    w.postMessage({ op: "init", module: this.module });
  }
  receive(m) {
    if (m.type === "ready") { this.onReady(); return; }
    if (m.type === "exit") { this.crash(`metricc stopped${m.output ? ":\n" + m.output : ""}`); return; }
    const p = this.pending.get(m.id);
    if (!p) return;
    if (m.type === "progress") { if (p.onProgress) p.onProgress(m.done, m.unproven); return; }
    this.pending.delete(m.id);
    p.resolve(m.resp);
  }
  call(req, onProgress) {
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, onProgress });
      this.worker.postMessage({ id, req, progress: !!onProgress });
    });
  }
  get busy() { return this.pending.size > 0; }
  crash(message) {
    // A request in progress fails with the message; with none, the page
    // says what happened all the same.
    if (this.pending.size === 0 && this.onCrash) this.onCrash(message);
    this.restart(new Error(message));
  }
  restart(reason) {
    this.worker.terminate();
    const pending = this.pending;
    this.pending = new Map();
    this.spawn();
    for (const p of pending.values()) p.reject(reason);
  }
}

// ---------------------------------------------------------------------------
// State.

const state = {
  example: null,          // the example loaded, while nothing was edited
  examples: [],
  info: null,
  specName: "spec.metric",
  big: { gold: null, pred: null },   // inputs too large for their textarea
  lastRun: null,          // the request of the results shown
  runStarted: 0,
};
let checker, runner;

const sides = ["gold", "pred"];
const textOf = (side) => state.big[side] ? state.big[side] : $(side).value;

// ---------------------------------------------------------------------------
// The spec editor.

const spec = $("spec"), backdrop = $("backdrop"), gutter = $("gutter");
let specErrors = [];

function escapeHTML(s) {
  return s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" }[c]));
}

// offsetOf turns a line and a column (from 1, in characters as Go counts
// runes) into an index of the JavaScript string (UTF-16 units).
function offsetOf(text, line, col) {
  let i = 0;
  for (let l = 1; l < line; l++) {
    const nl = text.indexOf("\n", i);
    if (nl < 0) return text.length;
    i = nl + 1;
  }
  for (let c = 1; c < col && i < text.length && text[i] !== "\n"; c++) {
    i += text.codePointAt(i) > 0xffff ? 2 : 1;
  }
  return i;
}

// Past this many characters the editor draws no marks (each keystroke
// redraws them whole); the list below it still has every error.
const MAX_MARKED = 200000;

function drawEditor() {
  const text = spec.value;
  if (text.length > MAX_MARKED) {
    gutter.textContent = "";
    backdrop.textContent = "";
    return;
  }
  const lines = text.split("\n").length;
  const bad = new Set(specErrors.filter((e) => e.line > 0).map((e) => e.line));
  let g = "";
  for (let l = 1; l <= lines; l++) g += bad.has(l) ? `<span class="bad">${l}</span>\n` : `${l}\n`;
  gutter.innerHTML = g;
  // Marks over each error's span (one character when it has none; to the
  // end of its first line when it spans several).
  const spans = specErrors.filter((e) => e.line > 0).map((e) => {
    const start = offsetOf(text, e.line, e.column);
    let end = e.end_line === e.line && e.end_column > e.column ? offsetOf(text, e.line, e.end_column) : start + 1;
    const eol = text.indexOf("\n", start);
    if (eol >= 0 && end > eol) end = Math.max(eol, start);
    return [start, end];
  }).sort((a, b) => a[0] - b[0]);
  let html = "", at = 0;
  for (const [s, e] of spans) {
    if (s < at) continue;
    html += escapeHTML(text.slice(at, s));
    const inner = text.slice(s, e);
    // An error at the end of a line or of the text marks a blank.
    html += `<mark>${inner && inner !== "\n" ? escapeHTML(inner) : " "}</mark>`;
    if (inner === "\n") html += "\n";
    at = Math.max(e, s + (inner === "\n" ? 1 : 0));
  }
  html += escapeHTML(text.slice(at)) + "\n";
  backdrop.innerHTML = html;
  syncScroll();
}

function syncScroll() {
  backdrop.scrollTop = spec.scrollTop;
  backdrop.scrollLeft = spec.scrollLeft;
  gutter.scrollTop = spec.scrollTop;
}
spec.addEventListener("scroll", syncScroll);

function showSpecErrors(errors, message) {
  specErrors = errors || [];
  const list = $("spec-errors");
  list.innerHTML = "";
  const status = $("spec-status");
  if (specErrors.length === 0 && message) {
    // An error without a place in the spec (a file it names, a param).
    const li = document.createElement("li");
    li.innerHTML = `<pre></pre>`;
    li.querySelector("pre").textContent = message;
    list.appendChild(li);
  }
  for (const e of specErrors) {
    const li = document.createElement("li");
    li.dataset.line = e.line;
    li.dataset.column = e.column;
    li.innerHTML = `<span class="where"></span><span class="msg"></span><pre></pre>`;
    li.querySelector(".where").textContent = e.line > 0 ? `line ${e.line}, column ${e.column}` : "";
    li.querySelector(".msg").textContent = e.message + (e.hint ? ` (${e.hint})` : "");
    li.querySelector("pre").textContent = e.text;
    li.addEventListener("click", () => jumpTo(e));
    list.appendChild(li);
  }
  if (message) {
    const n = Math.max(specErrors.length, 1);
    status.textContent = n === 1 ? "1 error" : `${n} errors`;
    status.className = "status bad";
  } else {
    status.textContent = "checked";
    status.className = "status good";
  }
  drawEditor();
}

function jumpTo(e) {
  const text = spec.value;
  const start = offsetOf(text, e.line, e.column);
  spec.focus();
  spec.setSelectionRange(start, start);
  const lh = parseFloat(getComputedStyle(spec).lineHeight) || 19;
  spec.scrollTop = Math.max(0, (e.line - 4) * lh);
  syncScroll();
}

let checkTimer = 0, checkSeq = 0;
function scheduleCheck() {
  clearTimeout(checkTimer);
  checkTimer = setTimeout(check, CHECK_DELAY);
}

async function check() {
  if (!checker) return;
  const seq = ++checkSeq;
  $("spec-status").textContent = "checking…";
  $("spec-status").className = "status";
  const watchdog = setTimeout(() => checker.restart(new Error("checking took longer than 10 s and was stopped")), CHECK_TIMEOUT);
  let resp;
  try {
    resp = await checker.call({ op: "check", spec: { name: state.specName, source: spec.value } });
  } catch (err) {
    resp = { error: err.message };
  } finally {
    clearTimeout(watchdog);
  }
  if (seq !== checkSeq) return; // a newer check is on its way
  showSpecErrors(resp.spec_errors, resp.error);
  if (!resp.error) setMetrics(resp.metrics || []);
  document.body.dataset.checks = String(Number(document.body.dataset.checks || 0) + 1);
}

function setMetrics(names) {
  const sel = $("align-metric");
  const cur = sel.value;
  sel.innerHTML = `<option value="">all</option>` + names.map((n) => `<option>${escapeHTML(n)}</option>`).join("");
  if (names.includes(cur)) sel.value = cur;
}

spec.addEventListener("input", () => {
  edited();
  drawEditor();
  scheduleCheck();
});
// Tab inserts spaces, as in an editor.
spec.addEventListener("keydown", (e) => {
  if (e.key === "Tab" && !e.shiftKey && !e.ctrlKey && !e.metaKey && !e.altKey) {
    e.preventDefault();
    document.execCommand("insertText", false, "  ");
  }
});

// ---------------------------------------------------------------------------
// The gold and prediction panes.

const detectTimers = {};
function scheduleDetect(side) {
  clearTimeout(detectTimers[side]);
  detectTimers[side] = setTimeout(() => detect(side), 300);
}

async function detect(side) {
  const label = $(side + "-detected");
  const fmt = $(side + "-format").value;
  const text = textOf(side);
  if (fmt !== "auto") { label.textContent = ""; return; }
  if (!text.trim()) { label.textContent = ""; label.className = "detected"; return; }
  if (!checker) return;
  let resp;
  try {
    resp = await checker.call({ op: "detect", text: text.slice(0, 65536) });
  } catch (err) {
    return;
  }
  label.textContent = resp.format ? `detected: ${resp.format}` : "format not recognized";
  label.className = resp.format ? "detected" : "detected bad";
}

function setInput(side, name, text, format) {
  $(side + "-name").value = name;
  if (format) $(side + "-format").value = format;
  const big = $(side + "-big"), area = $(side);
  if (text.length > BIG_INPUT) {
    state.big[side] = text;
    area.value = "";
    area.hidden = true;
    big.hidden = false;
    big.innerHTML = `<b></b> (<span></span>) is loaded; it is too large to edit here. <button type="button" data-act="edit">Edit anyway</button> <button type="button" data-act="clear">Clear</button>`;
    big.querySelector("b").textContent = name;
    big.querySelector("span").textContent = formatBytes(text.length);
  } else {
    state.big[side] = null;
    big.hidden = true;
    area.hidden = false;
    area.value = text;
  }
  scheduleDetect(side);
}

function formatBytes(n) {
  return n >= 1e6 ? `${(n / 1e6).toFixed(1)} MB` : n >= 1e3 ? `${(n / 1e3).toFixed(1)} KB` : `${n} bytes`;
}

async function readFile(side, file) {
  if (file.size > MAX_FILE) {
    showError(`${file.name}: ${formatBytes(file.size)} is more than this page reads (${formatBytes(MAX_FILE)}); use the command line, metricc run`);
    return;
  }
  const text = await file.text();
  setInput(side, file.name, text, "auto");
  edited();
}

for (const side of sides) {
  const pane = document.querySelector(`.input-pane[data-side=${side}]`);
  $(side).addEventListener("input", () => { edited(); scheduleDetect(side); });
  $(side + "-format").addEventListener("change", () => { edited(); detect(side); });
  $(side + "-name").addEventListener("input", edited);
  $(side + "-file").addEventListener("change", (e) => { if (e.target.files[0]) readFile(side, e.target.files[0]); e.target.value = ""; });
  $(side + "-big").addEventListener("click", (e) => {
    const act = e.target.dataset && e.target.dataset.act;
    if (!act) return;
    const text = act === "edit" ? state.big[side] : "";
    state.big[side] = null;
    $(side + "-big").hidden = true;
    $(side).hidden = false;
    $(side).value = text;
    edited();
    scheduleDetect(side);
  });
  pane.addEventListener("dragover", (e) => { e.preventDefault(); pane.classList.add("drop"); });
  pane.addEventListener("dragleave", () => pane.classList.remove("drop"));
  pane.addEventListener("drop", (e) => {
    e.preventDefault();
    pane.classList.remove("drop");
    const f = e.dataTransfer.files[0];
    if (f) readFile(side, f);
  });
}

// ---------------------------------------------------------------------------
// Options.

function runOptions() {
  const o = {};
  const list = (s) => s.split(",").map((x) => x.trim()).filter(Boolean);
  const metrics = list($("opt-metrics").value);
  if (metrics.length) o.metrics = metrics;
  const set = list($("opt-set").value);
  if (set.length) o.set = set;
  if ($("opt-macro").checked) o.macro = true;
  if ($("opt-allow-missing").checked) o.allow_missing = true;
  const num = (id, key) => {
    const v = $(id).value.trim();
    if (v !== "") o[key] = Number(v);
  };
  num("opt-search-work", "search_work");
  num("opt-search-pairs", "search_pairs");
  num("opt-search-nodes", "search_nodes");
  num("opt-search-time", "search_time");
  return o;
}

function setOptions(o) {
  o = o || {};
  $("opt-metrics").value = (o.metrics || []).join(", ");
  $("opt-set").value = (o.set || []).join(", ");
  $("opt-macro").checked = !!o.macro;
  $("opt-allow-missing").checked = !!o.allow_missing;
  const info = state.info || {};
  $("opt-search-work").value = o.search_work ?? info.search_work ?? "";
  $("opt-search-pairs").value = o.search_pairs ?? info.search_pairs ?? "";
  $("opt-search-nodes").value = o.search_nodes ?? 0;
  $("opt-search-time").value = o.search_time ?? 0;
}
for (const el of document.querySelectorAll(".options input")) el.addEventListener("input", edited);

// ---------------------------------------------------------------------------
// Running.

function request(op) {
  return {
    op,
    spec: { name: state.specName, source: spec.value },
    gold: { name: $("gold-name").value || "gold", text: textOf("gold"), format: $("gold-format").value },
    pred: { name: $("pred-name").value || "pred", text: textOf("pred"), format: $("pred-format").value },
    options: runOptions(),
  };
}

let progressTimer = 0, progressCounts = null;
function busy(what) {
  state.runStarted = performance.now();
  progressCounts = null;
  $("run").disabled = true;
  $("cancel").disabled = false;
  const el = $("progress");
  el.className = "progress busy";
  const draw = () => {
    const secs = ((performance.now() - state.runStarted) / 1000).toFixed(1);
    let s = `${what}… ${secs} s`;
    if (progressCounts) {
      s += ` · ${progressCounts.done} document${progressCounts.done === 1 ? "" : "s"} scored`;
      if (progressCounts.unproven) s += `, ${progressCounts.unproven} not proven optimal`;
    }
    el.textContent = s;
  };
  draw();
  progressTimer = setInterval(draw, 100);
}

// finished marks the end of a run or an alignment on the page's body
// (data-runs counts them, data-outcome says how the last one ended), for
// the browser test and for scripts driving the page.
function finished(outcome) {
  const b = document.body.dataset;
  b.runs = String(Number(b.runs || 0) + 1);
  b.outcome = outcome;
}

function idle(message) {
  clearInterval(progressTimer);
  $("run").disabled = !runner;
  $("cancel").disabled = true;
  $("progress").className = "progress";
  $("progress").textContent = message || "";
}

function elapsed() {
  const ms = performance.now() - state.runStarted;
  return ms < 1000 ? `${Math.max(1, Math.round(ms))} ms` : `${(ms / 1000).toFixed(1)} s`;
}

function showError(message) {
  const el = $("error");
  el.hidden = !message;
  el.textContent = message || "";
}

function showWarnings(list) {
  const el = $("warnings");
  el.innerHTML = "";
  el.hidden = !list || list.length === 0;
  for (const w of list || []) {
    const li = document.createElement("li");
    li.textContent = w;
    el.appendChild(li);
  }
}

function clearResults() {
  showError("");
  showWarnings([]);
  $("summary").textContent = "";
  $("corpus").hidden = true;
  $("docs-box").hidden = true;
  $("json-box").hidden = true;
  closeAlignment();
}

async function run() {
  if (!runner || runner.busy) return;
  const req = request("run");
  clearResults();
  busy("scoring");
  let resp;
  try {
    resp = await runner.call(req, (done, unproven) => { progressCounts = { done, unproven }; });
  } catch (err) {
    idle(err.cancelled ? `cancelled after ${elapsed()}` : "");
    if (!err.cancelled) showError(err.message);
    finished(err.cancelled ? "cancelled" : "error");
    return;
  }
  idle(resp.error ? "" : `done in ${elapsed()}`);
  showWarnings(resp.warnings);
  if (resp.error) {
    showError(resp.error);
    if (resp.spec_errors) showSpecErrors(resp.spec_errors, resp.error);
    finished("error");
    return;
  }
  state.lastRun = req;
  drawResults(req, resp);
  finished("done");
}

function cancel() {
  if (!runner || !runner.busy) return;
  const err = new Error("cancelled");
  err.cancelled = true;
  runner.restart(err);
}

$("run").addEventListener("click", run);
$("cancel").addEventListener("click", cancel);
document.addEventListener("keydown", (e) => {
  if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) { e.preventDefault(); run(); }
  if (e.key === "Escape" && runner && runner.busy) cancel();
});

// ---------------------------------------------------------------------------
// Results.

function cellHTML(c, field) {
  if (!c) return `<td class="num"></td>`;
  return `<td class="num" data-field="${field}" data-raw="${escapeHTML(c.raw)}" title="${escapeHTML(c.raw)}">${escapeHTML(c.text)}</td>`;
}

function rowHTML(r) {
  const search = r.search
    ? `<td class="search${r.search.proven < r.search.pairs ? " unproven" : ""}">${escapeHTML(r.search.text)}</td>`
    : `<td class="search"></td>`;
  const key = r.key !== undefined ? ` data-key="${escapeHTML(r.key)}"` : "";
  return `<tr class="${r.key !== undefined ? "by" : "metric"}" data-metric="${escapeHTML(r.metric)}"${key}>` +
    `<td class="metric">${escapeHTML(r.name)}</td>` +
    (r.f1
      ? cellHTML(r.p, "precision") + cellHTML(r.r, "recall") + cellHTML(r.f1, "f1") + cellHTML(r.value, "value")
      // A corpus metric's value goes in the F1 column, as the table prints it.
      : cellHTML(null) + cellHTML(null) + cellHTML(r.value, "value") + cellHTML(null)) +
    search + `</tr>`;
}

function drawResults(req, resp) {
  const t = resp.table;
  const fm = resp.formats || [];
  const parts = [`${t.documents} document${t.documents === 1 ? "" : "s"}`,
    `gold ${req.gold.name} (${fm[0] || req.gold.format})`, `prediction ${req.pred.name} (${fm[1] || req.pred.format})`];
  if (t.average) parts.push(`--macro`);
  for (const p of t.params || []) parts.push(`${p.name} = ${p.value.text}`);
  $("summary").textContent = parts.join(" · ");
  for (const [i, side] of sides.entries()) {
    if (fm[i] && req[side].format === "auto") {
      $(side + "-detected").textContent = `read as ${fm[i]}`;
      $(side + "-detected").className = "detected";
    }
  }
  const corpus = $("corpus");
  corpus.querySelector("tbody").innerHTML = t.corpus.map(rowHTML).join("");
  corpus.hidden = false;

  const docs = $("docs");
  for (const b of docs.querySelectorAll("tbody")) b.remove();
  const shown = (t.docs || []).slice(0, MAX_DOCS_SHOWN);
  let html = "";
  for (const d of shown) {
    html += `<tbody class="doc" data-doc="${escapeHTML(d.id)}"><tr><th colspan="6">document <code>${escapeHTML(d.id)}</code>` +
      `<button type="button" class="align" data-doc="${escapeHTML(d.id)}">alignment</button></th></tr>` +
      d.rows.map(rowHTML).join("") + `</tbody>`;
  }
  docs.insertAdjacentHTML("beforeend", html);
  $("docs-count").textContent = String((t.docs || []).length);
  $("docs-box").hidden = !(t.docs && t.docs.length);
  const more = $("docs-more");
  more.hidden = (t.docs || []).length <= MAX_DOCS_SHOWN;
  more.textContent = `The first ${MAX_DOCS_SHOWN} of ${(t.docs || []).length} documents are shown; the JSON below has them all.`;
  $("json").textContent = resp.json;
  $("json-box").hidden = false;
}

$("docs").addEventListener("click", (e) => {
  const b = e.target.closest("button.align");
  if (b) explain(b.dataset.doc);
});

// ---------------------------------------------------------------------------
// The alignment of one document (metricc explain --format html).

let alignDoc = null;
async function explain(doc) {
  if (!runner || runner.busy || !state.lastRun) return;
  alignDoc = doc;
  const req = Object.assign({}, state.lastRun, { op: "explain", doc, metric: $("align-metric").value || undefined });
  busy("aligning");
  let resp;
  try {
    resp = await runner.call(req);
  } catch (err) {
    idle(err.cancelled ? `cancelled after ${elapsed()}` : "");
    if (!err.cancelled) showError(err.message);
    finished(err.cancelled ? "cancelled" : "error");
    return;
  }
  idle(resp.error ? "" : `aligned in ${elapsed()}`);
  if (resp.error) { showError(resp.error); finished("error"); return; }
  $("align-doc").textContent = doc;
  $("align-frame").srcdoc = resp.html;
  $("alignment").hidden = false;
  $("alignment").scrollIntoView({ block: "start" });
  finished("aligned");
}

function closeAlignment() {
  $("alignment").hidden = true;
  $("align-frame").removeAttribute("srcdoc");
  alignDoc = null;
}
$("align-close").addEventListener("click", closeAlignment);
$("align-metric").addEventListener("change", () => { if (alignDoc !== null) explain(alignDoc); });

// ---------------------------------------------------------------------------
// Examples, and the state in the page's address.

async function loadExamples() {
  const resp = await fetch("examples.json");
  state.examples = await resp.json();
  const sel = $("example");
  const groups = new Map();
  for (const ex of state.examples) {
    if (!groups.has(ex.spec)) {
      const g = document.createElement("optgroup");
      g.label = ex.spec;
      groups.set(ex.spec, g);
      sel.appendChild(g);
    }
    const o = document.createElement("option");
    o.value = ex.id;
    o.textContent = `${ex.spec}: ${ex.title}`;
    o.title = ex.summary;
    groups.get(ex.spec).appendChild(o);
  }
}

async function loadExample(id) {
  const ex = state.examples.find((e) => e.id === id);
  if (!ex) { showError(`no example "${id}"`); return false; }
  const [gold, pred] = await Promise.all([ex.gold, ex.pred].map((f) => fetch(f.url).then((r) => r.text())));
  state.specName = ex.spec + ".metric";
  $("spec-name").textContent = state.specName;
  spec.value = ex.source;
  spec.scrollTop = 0;
  setInput("gold", ex.gold.name, gold, "auto");
  setInput("pred", ex.pred.name, pred, "auto");
  setOptions({});
  $("example").value = id;
  $("share-note").textContent = "";
  clearResults();
  state.example = id;
  drawEditor();
  check();
  history.replaceState(null, "", "#example=" + encodeURIComponent(id));
  return true;
}

$("example").addEventListener("change", async (e) => {
  if (!e.target.value) return;
  if (await loadExample(e.target.value)) run();
});

function edited() {
  state.example = null;
  $("share-note").textContent = "";
}

function b64url(bytes) {
  let s = "";
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}
function unb64url(s) {
  const bin = atob(s.replace(/-/g, "+").replace(/_/g, "/"));
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}
async function deflate(text) {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream("deflate-raw"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}
async function inflate(bytes) {
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
  return new Response(stream).text();
}

// link returns the page's address for what it shows: the example's name
// when nothing was edited, else the spec, the inputs (when they fit) and
// the options, compressed.
async function link() {
  const base = location.href.split("#")[0];
  if (state.example) return { url: base + "#example=" + encodeURIComponent(state.example), note: "" };
  const s = { v: 1, name: state.specName, spec: spec.value, options: runOptions() };
  const withInputs = Object.assign({}, s, {
    gold: { name: $("gold-name").value, text: textOf("gold"), format: $("gold-format").value },
    pred: { name: $("pred-name").value, text: textOf("pred"), format: $("pred-format").value },
  });
  const full = b64url(await deflate(JSON.stringify(withInputs)));
  if (full.length <= MAX_LINK) return { url: base + "#s=" + full, note: "" };
  const specOnly = b64url(await deflate(JSON.stringify(s)));
  return { url: base + "#s=" + specOnly, note: `The inputs are too large for a link (${formatBytes(full.length)} compressed); the link restores the spec and the options.` };
}

async function restore(hash) {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  if (params.has("example")) return loadExample(params.get("example"));
  if (!params.has("s")) return false;
  let s;
  try {
    s = JSON.parse(await inflate(unb64url(params.get("s"))));
  } catch (err) {
    showError("The link's state could not be read: " + err.message);
    return false;
  }
  state.specName = s.name || "spec.metric";
  $("spec-name").textContent = state.specName;
  spec.value = s.spec || "";
  for (const side of sides) {
    const f = s[side] || { name: side === "gold" ? "gold.json" : "pred.json", text: "", format: "auto" };
    setInput(side, f.name, f.text, f.format || "auto");
  }
  setOptions(s.options);
  drawEditor();
  check();
  return true;
}

$("share").addEventListener("click", async () => {
  const { url, note } = await link();
  history.replaceState(null, "", url);
  let copied = false;
  try {
    await navigator.clipboard.writeText(url);
    copied = true;
  } catch (err) { /* no permission: the address bar has it */ }
  $("share-note").textContent = (copied ? "Link copied. " : "The address bar has the link. ") + note;
});

// ---------------------------------------------------------------------------
// Start.

async function start() {
  drawEditor();
  const examples = loadExamples().catch((err) => showError("examples.json: " + err.message));
  let module;
  try {
    module = await loadModule();
  } catch (err) {
    $("engine").textContent = "metricc could not be loaded";
    showError(`metricc could not be loaded: ${err.message}. Serve the site over HTTP (see docs/playground.md); a page opened from a file cannot fetch it.`);
    return;
  }
  checker = new Engine("checker", module);
  runner = new Engine("runner", module);
  for (const e of [checker, runner]) e.onCrash = (message) => showError(`${message}\n(metricc was started again)`);
  const info = await checker.call({ op: "info" });
  state.info = info.info;
  const formats = info.info.formats.map((f) => `<option>${f}</option>`).join("");
  for (const side of sides) $(side + "-format").innerHTML = formats;
  $("engine").textContent = info.info.version;
  setOptions({});
  await examples;
  idle("");
  let restored = false;
  if (location.hash.length > 1) restored = await restore(location.hash);
  if (!restored && state.examples.length) restored = await loadExample(state.examples.find((e) => e.spec === "coref").id);
  if (restored && textOf("gold").trim() && textOf("pred").trim()) run();
  document.body.dataset.ready = "1";
}

start();
