import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { buildCache, cacheKey } from "#scripts/build-cache.ts";
import { precompress } from "#scripts/precompress.ts";

const temporary = () => mkdtempSync(path.join(tmpdir(), "build-cache-"));
const day = 24 * 3600 * 1000;

describe("buildCache", () => {
  it("makes a file once per key and then reads it back", () => {
    const cache = buildCache(temporary());
    let made = 0;
    const make = () => Buffer.from(`made ${++made}`);
    expect(cache.file(cacheKey("a"), make).toString()).toBe("made 1");
    expect(cache.file(cacheKey("a"), make).toString()).toBe("made 1");
    expect(cache.file(cacheKey("b"), make).toString()).toBe("made 2");
    expect(cache.stats()).toEqual({ hits: 1, misses: 2 });
  });

  it("keeps what one build made for the next one", () => {
    const root = temporary();
    buildCache(root).file(cacheKey("a"), () => Buffer.from("first"));
    const next = buildCache(root);
    expect(next.file(cacheKey("a"), () => Buffer.from("second")).toString()).toBe("first");
    expect(next.stats()).toEqual({ hits: 1, misses: 0 });
  });

  it("makes a folder once and copies it to every build that asks", async () => {
    const cache = buildCache(temporary());
    let made = 0;
    const make = async (folder: string) => {
      made += 1;
      mkdirSync(path.join(folder, "assets"), { recursive: true });
      writeFileSync(path.join(folder, "assets", "editor.js"), "bundle");
    };
    const out = [temporary(), temporary()].map((dir) => path.join(dir, "admin"));
    for (const dir of out) await cache.directory(cacheKey("editor"), dir, make);
    expect(made).toBe(1);
    for (const dir of out)
      expect(readFileSync(path.join(dir, "assets", "editor.js"), "utf8")).toBe("bundle");
  });

  it("tells inputs apart however they are split", () => {
    expect(cacheKey("ab", "c")).not.toBe(cacheKey("a", "bc"));
    expect(cacheKey(Buffer.from("x"))).toBe(cacheKey("x"));
  });

  it("removes the entries no build used for a month, and only those", () => {
    const root = temporary();
    const cache = buildCache(root);
    const entries = () => readdirSync(root).flatMap((shard) => readdirSync(path.join(root, shard)));
    const age = (input: string, days: number) => {
      const when = new Date(Date.now() - days * day);
      utimesSync(path.join(root, cacheKey(input).slice(0, 2), cacheKey(input)), when, when);
    };
    for (const input of ["old", "used", "recent"])
      cache.file(cacheKey(input), () => Buffer.from(input));
    age("old", 31);
    age("used", 20);
    age("recent", 20);
    // Used again today: a month from today it is kept, what was last used 20 days ago is not.
    cache.file(cacheKey("used"), () => Buffer.from("again"));
    cache.prune();
    expect(entries().sort()).toEqual([cacheKey("recent"), cacheKey("used")].sort());
    cache.prune(Date.now() + 15 * day);
    expect(entries()).toEqual([cacheKey("used")]);
  });

  it("passes over an entry gone by the time it is looked at, as another build's renamed file", () => {
    const root = temporary();
    const cache = buildCache(root);
    cache.file(cacheKey("kept"), () => Buffer.from("kept"));
    const shard = path.join(root, cacheKey("kept").slice(0, 2));
    // Listed, but nothing there: what a prune sees when a build renames its file meanwhile.
    symlinkSync(path.join(shard, "renamed-meanwhile"), path.join(shard, "listed"));
    expect(() => cache.prune()).not.toThrow();
    expect(readdirSync(shard)).toContain(cacheKey("kept"));
  });
});

describe("precompress", () => {
  const page =
    "<!doctype html><title>Inicio</title>" + "<p>Consultoría en Mallorca</p>".repeat(200);

  it("writes brotli and gzip copies that decode to the file, the same from the cache", () => {
    const cache = buildCache(temporary());
    const outputs = [temporary(), temporary()].map((dir) => {
      writeFileSync(path.join(dir, "index.html"), page);
      writeFileSync(path.join(dir, "photo.webp"), "not compressible");
      precompress(dir, cache);
      return dir;
    });
    expect(cache.stats()).toEqual({ hits: 1, misses: 1 });
    for (const dir of outputs) {
      const file = path.join(dir, "index.html");
      expect(brotliDecompressSync(readFileSync(`${file}.br`)).toString()).toBe(page);
      expect(gunzipSync(readFileSync(`${file}.gz`)).toString()).toBe(page);
      expect(existsSync(path.join(dir, "photo.webp.br"))).toBe(false);
    }
  });
});
