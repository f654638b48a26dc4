// The playground's speed beside the command line's (npm run bench, after
// make test-web has built out/): how long the page takes to be ready, and
// for a few inputs the time of a score request in the WebAssembly module
// (in a worker, as the page sends it) beside the native command line's
// whole process with one worker (some 10 ms of it starting), median of 5,
// interleaved.
import http from "node:http";
import fs from "node:fs";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const here = path.dirname(fileURLToPath(import.meta.url));
const SITE = path.resolve(here, process.env.SITE || "out/site");
const METRICC = path.resolve(here, process.env.METRICC || "out/metricc");
const AMR = path.resolve(here, process.env.AMR || "out/amr");
const ROUNDS = 5;

const server = http.createServer((req, res) => {
  const file = path.join(SITE, decodeURIComponent(new URL(req.url, "http://localhost").pathname));
  fs.readFile(file.endsWith("/") ? file + "index.html" : file, (err, data) => {
    if (err) { res.writeHead(404).end(); return; }
    res.writeHead(200, { "Content-Type": file.endsWith(".js") ? "text/javascript" : file.endsWith("/") || file.endsWith(".html") ? "text/html" : "application/octet-stream" }).end(data);
  });
});
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
});
const page = await browser.newPage();
const t0 = performance.now();
await page.goto(`http://127.0.0.1:${server.address().port}/#example=ner`);
await page.waitForFunction(() => document.body.dataset.ready === "1" && Number(document.body.dataset.runs || 0) > 0, null, { timeout: 60000 });
console.log(`page ready, the module fetched and compiled, two workers started and the ner example run: ${(performance.now() - t0).toFixed(0)} ms`);

const median = (xs) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const checker = page.workers()[0];
const cases = [
  ["ner", path.join(SITE, "examples/ner/gold.iob2.txt"), path.join(SITE, "examples/ner/pred.iob2.1.txt")],
  ["ud", path.join(here, "../../testdata/ud/en_ewt-ud-test-head.conllu"), path.join(here, "../../testdata/ud/en_ewt-ud-test-head.conllu")],
  ["smatch", path.join(AMR, "near200.gold.amr"), path.join(AMR, "near200.pred.amr")],
  ["smatch", path.join(AMR, "leaves40.gold.amr"), path.join(AMR, "leaves40.pred.amr")],
];
for (const [spec, goldFile, predFile] of cases) {
  const gold = fs.readFileSync(goldFile, "utf8"), pred = fs.readFileSync(predFile, "utf8");
  const source = spawnSync(METRICC, ["show", spec], { encoding: "utf8" }).stdout;
  const wasm = [], cli = [];
  for (let i = 0; i < ROUNDS; i++) {
    wasm.push(await checker.evaluate(async ([source, gold, pred]) => {
      const call = async (r) => JSON.parse(await globalThis.metriccCall(JSON.stringify(r)));
      const c = await call({ op: "compile", source, name: "s.metric" });
      const start = performance.now();
      const r = await call({ op: "score", spec: c.spec, gold: { text: gold }, pred: { text: pred }, options: { per_doc: true } });
      const ms = performance.now() - start;
      await call({ op: "free", spec: c.spec });
      if (r.error) throw new Error(r.error.message);
      return ms;
    }, [source, gold, pred]));
    const start = performance.now();
    const r = spawnSync(METRICC, ["run", spec, goldFile, predFile, "--workers", "1", "--per-doc", "--format", "json"]);
    cli.push(performance.now() - start);
    if (r.status !== 0) throw new Error(String(r.stderr));
  }
  const w = median(wasm), c = median(cli);
  console.log(`${spec} ${path.basename(goldFile)}: WebAssembly ${w.toFixed(0)} ms, command line ${c.toFixed(0)} ms, ratio ${(w / c).toFixed(1)}`);
}
await browser.close();
server.close();
