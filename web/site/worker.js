"use strict";
// A Web Worker running metricc compiled to WebAssembly (web/wasm), which
// answers the requests of internal/bridge. The page sends
//   {op: "init", module}        a compiled WebAssembly.Module
//   {id, req, progress}         a request of the page: info, check, run,
//                               explain or detect (see handle below)
// and receives
//   {type: "ready"}             metricc is running
//   {id, type: "progress", done, unproven}
//   {id, type: "done", resp}    the answer
//   {type: "exit", output}      metricc stopped (out of memory, a bug): the
//                               page starts a new worker
// The page cancels a request by terminating the worker: WebAssembly has
// one thread, and a search in progress never returns to the event loop.

// What Go writes to standard output and error, kept for the message of a
// crash (wasm_exec.js writes it with console.log).
var output = [];
var log = console.log.bind(console);
console.log = function () {
  var line = Array.prototype.join.call(arguments, " ");
  output.push(line);
  if (output.length > 200) output.shift();
  log(line);
};

importScripts("wasm_exec.js");

var ready = null;

function start(module) {
  var go = new Go();
  return WebAssembly.instantiate(module, go.importObject).then(function (instance) {
    go.run(instance).then(
      function () { postMessage({ type: "exit", output: output.join("\n") }); },
      function (err) { postMessage({ type: "exit", output: output.concat([String(err)]).join("\n") }); });
    // main has run up to its select{}: metriccCall is defined.
    if (typeof globalThis.metriccCall !== "function") throw new Error("metricc did not start");
    postMessage({ type: "ready" });
  });
}

// bridge sends one request of internal/bridge and parses the response.
async function bridge(req, onProgress) {
  return JSON.parse(await globalThis.metriccCall(JSON.stringify(req), onProgress));
}

// failure is the page's answer for an error of the bridge: the message the
// command line prints (metricc's own errors prefixed "metricc: ", as its
// report does) and a spec's errors with their places.
function failure(err) {
  var message = err.message;
  if (err.type !== "spec" && err.type !== "data" && message.indexOf("metricc: ") !== 0) message = "metricc: " + message;
  var out = { error: message };
  if (err.type === "spec") {
    out.spec_errors = err.errors.map(function (e) {
      return { line: e.line, column: e.column, end_line: e.end_line, end_column: e.end_column, message: e.message, hint: e.hint, text: e.rendered };
    });
  }
  return out;
}

// params reads --set NAME=VALUE flags as the command line does.
var number = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
function params(sets) {
  var out = {};
  for (var i = 0; i < (sets || []).length; i++) {
    var s = sets[i], eq = s.indexOf("=");
    var name = eq < 0 ? "" : s.slice(0, eq).trim(), val = eq < 0 ? "" : s.slice(eq + 1).trim();
    if (eq < 0 || name === "") throw new Error('--set wants NAME=VALUE, as in --set cutoff=1.0; got ' + JSON.stringify(s));
    if (!number.test(val) || !isFinite(Number(val))) throw new Error("--set " + name + ": " + JSON.stringify(val) + " is not a number");
    out[name] = Number(val);
  }
  return out;
}

// runOptions are the bridge's options for the page's.
function runOptions(o, extra) {
  var out = Object.assign({}, extra);
  ["metrics", "macro", "allow_missing", "search_work", "search_pairs", "search_nodes", "search_time"].forEach(function (k) {
    if (o[k] !== undefined) out[k] = o[k];
  });
  return out;
}

function input(side) {
  return { text: side.text, name: side.name, format: side.format || "auto" };
}

// compiled compiles the page's spec, calls f with its handle and frees it.
async function compiled(req, f) {
  var p;
  try {
    p = params(req.options && req.options.set);
  } catch (err) {
    return { error: "metricc: " + err.message };
  }
  var c = await bridge({ op: "compile", name: req.spec.name, source: req.spec.source, params: p });
  if (c.error) return failure(c.error);
  try {
    return await f(c);
  } finally {
    await bridge({ op: "free", spec: c.spec });
  }
}

async function handle(req, onProgress) {
  switch (req.op) {
  case "info": {
    var v = await bridge({ op: "version" }), f = await bridge({ op: "input_formats" }), d = await bridge({ op: "defaults" });
    return { info: { version: v.long, formats: f.formats, search_work: d.options.search_work, search_pairs: d.options.search_pairs } };
  }
  case "check":
    return compiled(req, function (c) { return { metrics: c.metrics }; });
  case "detect":
    return { format: (await bridge({ op: "detect_format", text: req.text })).format };
  case "run":
    return compiled(req, async function (c) {
      var raw = await globalThis.metriccCall(JSON.stringify({
        op: "score", spec: c.spec, gold: input(req.gold), pred: input(req.pred),
        options: runOptions(req.options || {}, { per_doc: true }),
      }), onProgress);
      var resp = JSON.parse(raw);
      if (resp.error) return failure(resp.error);
      var view = JSON.parse(globalThis.metriccView(raw));
      if (view.error) return failure(view.error);
      var formats = [];
      for (var side of [req.gold, req.pred]) {
        formats.push(side.format && side.format !== "auto" ? side.format
          : (await bridge({ op: "detect_format", text: side.text.slice(0, 65536) })).format);
      }
      return { json: view.json, table: view.table, formats: formats, warnings: resp.warnings.map(function (w) { return "warning: " + w; }) };
    });
  case "explain":
    return compiled(req, async function (c) {
      var extra = req.metric ? { metrics: [req.metric] } : {};
      var o = runOptions(req.options || {}, {});
      Object.assign(o, extra);
      var ex = await bridge({ op: "explain", spec: c.spec, gold: input(req.gold), pred: input(req.pred), doc: req.doc, options: o });
      if (ex.error) return failure(ex.error);
      return { html: ex.html, warnings: ex.warnings.map(function (w) { return "warning: " + w; }) };
    });
  }
  return { error: "metricc: unknown request " + JSON.stringify(req.op) };
}

onmessage = function (e) {
  var m = e.data;
  if (m.op === "init") {
    ready = start(m.module).catch(function (err) {
      postMessage({ type: "exit", output: output.concat([String(err)]).join("\n") });
      throw err;
    });
    return;
  }
  ready.then(function () {
    var onProgress = m.progress ? function (done, unproven) {
      postMessage({ id: m.id, type: "progress", done: done, unproven: unproven });
    } : undefined;
    return handle(m.req, onProgress);
  }).then(function (resp) {
    postMessage({ id: m.id, type: "done", resp: resp });
  }, function (err) {
    postMessage({ id: m.id, type: "done", resp: { error: "metricc: internal error in the worker: " + String(err) } });
  });
};
