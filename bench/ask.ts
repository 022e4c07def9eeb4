// npm run bench (after the next click), or npm run bench:ask — /ask without a provider: how
// well it answers the test set (tests/e2e/ask-test.json, never tuned on) and the tuning set
// (tests/e2e/ask-tuning.json), per language and per kind of question; the server's time to
// answer a question (from its request log, which times each request from arrival to the last
// byte), over both sets asked in turn, after a warm-up; the index's size on disk and what
// loading it costs in memory; the server's resident memory after the questions.
// Budgets: median ≤ 50 ms, p95 ≤ 150 ms.
import { mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { createRetriever, type AskIndex } from "#app/ask/retrieve.ts";
import { askIndexFile } from "#app/ask/search.ts";
import { settings } from "#app/config/settings.server.ts";
import { publishedLanguages } from "#app/routing/paths.ts";
import { productionNodeOptions, startSite } from "#tests/support/site.ts";
import {
  askAll,
  askUrl,
  figuresByLanguage,
  figuresTable,
  kindsTable,
  type AskQuestionSet,
} from "#tests/support/ask-evaluation.ts";
import tuningSet from "#tests/e2e/ask-tuning.json" with { type: "json" };
import testSet from "#tests/e2e/ask-test.json" with { type: "json" };

const budgetMs = { median: 50, p95: 150 };
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

const sets = { test: testSet as AskQuestionSet, tuning: tuningSet as AskQuestionSet };
const questions = [...sets.test.questions, ...sets.tuning.questions];
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
const roundTripMs: number[] = [];
const quality: string[] = [];
let idleMb: number;
let rssMb: number;
try {
  idleMb = residentMb();
  // The answers, once (the first questions also load the route's code: the warm-up).
  for (const [name, set] of Object.entries(sets)) {
    const answers = await askAll(site.url, set.questions);
    quality.push(
      `### The ${name} set (${set.questions.length} questions)`,
      figuresTable(figuresByLanguage(answers, publishedLanguages())),
      kindsTable(answers),
    );
  }
  for (let round = 0; round < rounds; round++) {
    for (const question of questions) {
      const started = performance.now();
      const response = await fetch(askUrl(site.url, question));
      await response.text();
      roundTripMs.push(performance.now() - started);
      if (!response.ok) throw new Error(`${response.status} for ${question.q}`);
    }
  }
  rssMb = residentMb();
} finally {
  // Stopped first: the log's last lines are written by then.
  await site.stop();
}
// The timed rounds' lines are the last ones: a line of the answers asked before may be written
// after the rounds began.
const asked = [...site.output().matchAll(/^\{.*"path":"\/(?:\w{2}\/)?ask".*"ms":(\d+).*$/gm)].map(
  (match) => Number(match[1]),
);
const serverMs = asked.slice(-rounds * questions.length);
if (asked.length !== (rounds + 1) * questions.length) {
  throw new Error(
    `expected ${(rounds + 1) * questions.length} request log lines, read ${asked.length}`,
  );
}

const table = [
  "| /ask without a provider | value |",
  "| --- | ---: |",
  `| Questions asked (both sets, es, en, ca, off-topic included) | ${serverMs.length} |`,
  `| Server time, median (budget ${budgetMs.median} ms) | ${percentile(serverMs, 0.5)} ms |`,
  `| Server time, p95 (budget ${budgetMs.p95} ms) | ${percentile(serverMs, 0.95)} ms |`,
  `| Server time, max | ${Math.max(...serverMs)} ms |`,
  `| Round trip on loopback, median | ${percentile(roundTripMs, 0.5).toFixed(1)} ms |`,
  `| Index on disk | ${sizes.map(({ lang, kb }) => `${lang} ${kb} KB`).join(", ")} |`,
  `| Index in memory (${passages} passages, loaded) | ${heapMb.toFixed(1)} MB of heap |`,
  `| Server resident memory: started, after the questions | ${idleMb} MB, ${rssMb} MB |`,
].join("\n");
const report = `${quality.join("\n\n")}\n\n### Time and memory\n\n${table}`;
console.log(`\n${report}`);
mkdirSync("bench-results", { recursive: true });
writeFileSync("bench-results/ask.md", `${report}\n`);
if (percentile(serverMs, 0.5) > budgetMs.median || percentile(serverMs, 0.95) > budgetMs.p95) {
  console.error(
    `\nThe server time of an answer is over ${budgetMs.median} ms at the median or ${budgetMs.p95} ms at p95.`,
  );
  process.exit(1);
}
console.log(
  `\nAn answer takes at most ${budgetMs.median} ms of server time at the median, ${budgetMs.p95} ms at p95.`,
);
