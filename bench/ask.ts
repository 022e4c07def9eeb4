// npm run bench (after the next click), or npm run bench:ask — /ask without a provider: the
// server's time to answer a question (from its request log, which times each request from
// arrival to the last byte), over the question set of tests/e2e/ask-questions.json asked in
// turn, after a warm-up; the index's size on disk and what loading it costs in memory; the
// server's resident memory after the questions. Budget: p95 ≤ 50 ms.
import { mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { createRetriever, type AskIndex } from "#app/ask/retrieve.ts";
import { askIndexFile } from "#app/ask/search.ts";
import { settings } from "#app/config/settings.server.ts";
import { publishedLanguages } from "#app/routing/paths.ts";
import { productionNodeOptions, startSite } from "#tests/support/site.ts";
import questionSet from "#tests/e2e/ask-questions.json" with { type: "json" };

const budgetMs = 50;
const rounds = Number(process.env.BENCH_RUNS ?? 5);
const buildDir = path.resolve(settings.build.BUILD_DIR);

const percentile = (values: number[], share: number) =>
  [...values].sort((a, b) => a - b)[
    Math.min(values.length - 1, Math.floor(values.length * share))
  ] ?? Number.NaN;

// The index: its files, and the heap it takes once loaded and ready to search.
const sizes = publishedLanguages().map((lang) => {
  const file = askIndexFile(buildDir, lang);
  return { lang, kb: Math.round(statSync(file).size / 1024), file };
});
// Collected before and after, so the difference is what the loaded indexes keep.
setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;
gc();
const heapBefore = process.memoryUsage().heapUsed;
const retrievers = sizes.map(({ lang, file }) =>
  createRetriever(lang, JSON.parse(readFileSync(file, "utf8")) as AskIndex),
);
gc();
const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 2 ** 20;
const passages = retrievers.reduce((sum, retriever) => sum + retriever.passageCount, 0);

const questions = [...questionSet.questions, ...questionSet.offTopic];
const site = await startSite({
  LOG_LEVEL: "info",
  ASK_RATE_LIMIT_MAX: "100000",
  // The heap sizing production runs with, as the other memory figures are measured.
  NODE_OPTIONS: productionNodeOptions,
});
const residentMb = () => {
  const status = readFileSync(`/proc/${site.pid}/status`, "utf8");
  return Math.round(Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? Number.NaN) / 1024);
};
const url = (lang: string, q: string) =>
  `${site.url}${lang === "es" ? "" : `/${lang}`}/ask?q=${encodeURIComponent(q)}`;
const roundTripMs: number[] = [];
let logged: number;
let idleMb: number;
let rssMb: number;
try {
  idleMb = residentMb();
  // Warm-up: the first questions load the route's code and fill the word-frequency caches.
  for (const { lang, q } of questions) await (await fetch(url(lang, q))).text();
  logged = site.output().length;
  for (let round = 0; round < rounds; round++) {
    for (const { lang, q } of questions) {
      const started = performance.now();
      const response = await fetch(url(lang, q));
      await response.text();
      roundTripMs.push(performance.now() - started);
      if (!response.ok) throw new Error(`${response.status} for ${q}`);
    }
  }
  rssMb = residentMb();
} finally {
  // Stopped first: the log's last lines are written by then.
  await site.stop();
}
const serverMs = [
  ...site
    .output()
    .slice(logged)
    .matchAll(/^\{.*"path":"\/(?:\w{2}\/)?ask".*"ms":(\d+).*$/gm),
].map((match) => Number(match[1]));
if (serverMs.length !== rounds * questions.length) {
  throw new Error(
    `expected ${rounds * questions.length} request log lines, read ${serverMs.length}`,
  );
}

const table = [
  "| /ask without a provider | value |",
  "| --- | ---: |",
  `| Questions asked (es, en, ca, off-topic included) | ${serverMs.length} |`,
  `| Server time, median | ${percentile(serverMs, 0.5)} ms |`,
  `| Server time, p95 | ${percentile(serverMs, 0.95)} ms |`,
  `| Server time, max | ${Math.max(...serverMs)} ms |`,
  `| Round trip on loopback, median | ${percentile(roundTripMs, 0.5).toFixed(1)} ms |`,
  `| Index on disk | ${sizes.map(({ lang, kb }) => `${lang} ${kb} KB`).join(", ")} |`,
  `| Index in memory (${passages} passages, loaded) | ${heapMb.toFixed(1)} MB of heap |`,
  `| Server resident memory: started, after the questions | ${idleMb} MB, ${rssMb} MB |`,
].join("\n");
console.log(`\n${table}`);
mkdirSync("bench-results", { recursive: true });
writeFileSync("bench-results/ask.md", `${table}\n`);
if (percentile(serverMs, 0.95) > budgetMs) {
  console.error(`\nThe p95 server time of an answer is over ${budgetMs} ms.`);
  process.exit(1);
}
console.log(`\nAn answer takes at most ${budgetMs} ms of server time at p95.`);
