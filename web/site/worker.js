"use strict";
// A Web Worker running metricc compiled to WebAssembly. The page sends
//   {op: "init", module}              a compiled WebAssembly.Module
//   {id, req, progress}               a request (see web/internal/playground)
// and receives
//   {type: "ready"}                   metricc is running
//   {id, type: "progress", done, unproven}
//   {id, type: "done", resp}          the JSON response
//   {type: "exit", output}            metricc stopped (out of memory, a bug):
//                                     the page starts a new worker
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
    return globalThis.metriccCall(JSON.stringify(m.req), onProgress);
  }).then(function (resp) {
    postMessage({ id: m.id, type: "done", resp: JSON.parse(resp) });
  });
};
