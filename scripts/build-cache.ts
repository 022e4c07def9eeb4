// What the slow, deterministic steps of a build made, kept by a hash of their inputs in
// node_modules/.cache/site-build: brotli at its highest quality (3 s a build) and the content
// editor's bundle (3 s). A build of unchanged files, or of another language set or content
// beside the same scripts (the tests make five builds), takes them from here. Entries unused
// for a month are removed, so the folder holds what recent builds used and not every build ever.
import { createHash } from "node:crypto";
import {
  cpSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";

const defaultRoot = path.resolve("node_modules/.cache/site-build");
const unusedFor = 30 * 24 * 3600 * 1000;

/** A key for the inputs: a change to any of them is another entry. */
export function cacheKey(...inputs: (string | Buffer)[]): string {
  const hash = createHash("sha256");
  for (const input of inputs) hash.update(createHash("sha256").update(input).digest());
  return hash.digest("hex");
}

export type BuildCache = ReturnType<typeof buildCache>;

export function buildCache(root = defaultRoot) {
  const entry = (key: string) => path.join(root, key.slice(0, 2), key);
  /** Marks an entry used now (its age is what pruning reads). */
  const touch = (file: string) => {
    const now = new Date();
    utimesSync(file, now, now);
  };
  /** Moves a finished entry into place: two builds at once never see half an entry. */
  const publish = (temporary: string, file: string) => {
    try {
      renameSync(temporary, file);
    } catch {
      // Another build published it first: theirs is the same.
      rmSync(temporary, { recursive: true, force: true });
    }
  };
  let hits = 0;
  let misses = 0;
  return {
    /** The bytes kept for `key`, else what `make` returns, kept. */
    file(key: string, make: () => Buffer): Buffer {
      const file = entry(key);
      try {
        const kept = readFileSync(file);
        touch(file);
        hits += 1;
        return kept;
      } catch {
        misses += 1;
        const made = make();
        mkdirSync(path.dirname(file), { recursive: true });
        const temporary = `${file}.${process.pid}`;
        writeFileSync(temporary, made);
        publish(temporary, file);
        return made;
      }
    },
    /** Copies the folder kept for `key` to `outDir`, making it first with `make(folder)`. */
    async directory(key: string, outDir: string, make: (folder: string) => Promise<void>) {
      const folder = entry(key);
      try {
        touch(folder);
        hits += 1;
      } catch {
        misses += 1;
        mkdirSync(path.dirname(folder), { recursive: true });
        const temporary = `${folder}.${process.pid}`;
        await make(temporary);
        publish(temporary, folder);
      }
      rmSync(outDir, { recursive: true, force: true });
      cpSync(folder, outDir, { recursive: true });
    },
    /** Removes the entries no build has used for a month. */
    prune(now = Date.now()) {
      let shards: string[];
      try {
        shards = readdirSync(root);
      } catch {
        return;
      }
      for (const shard of shards) {
        for (const name of readdirSync(path.join(root, shard))) {
          const file = path.join(root, shard, name);
          // Gone already: another build's temporary file, renamed into place meanwhile.
          const stats = statSync(file, { throwIfNoEntry: false });
          if (stats && now - stats.mtimeMs > unusedFor)
            rmSync(file, { recursive: true, force: true });
        }
      }
    },
    /** How many steps this build took from the cache, and how many it had to do. */
    stats: () => ({ hits, misses }),
  };
}
