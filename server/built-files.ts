import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { contentType } from "mime-types";
import { cacheControl } from "#server/cache-policy.ts";
import { baseSecurityHeaders, builtFilePolicy } from "#server/security-headers.ts";
import { speculationRules } from "#server/speculation-rules.ts";

/** A file held in memory with its precompressed copies and every header but the per-request ones. */
export type BuiltFile = {
  body: Buffer;
  br?: Buffer;
  gz?: Buffer;
  headers: Record<string, string>;
  etag: string;
  /** Its Last-Modified (an HTTP-date), when it has a modification date: a file of the build does. */
  lastModified?: string;
  /** Its Content-Security-Policy over HTTP and over HTTPS. */
  csp: { http: string; https: string };
};

export function builtFile(
  body: Buffer,
  {
    type,
    cache,
    br,
    gz,
    modified,
  }: { type: string; cache: string; br?: Buffer; gz?: Buffer; modified?: Date },
): BuiltFile {
  const headers: Record<string, string> = {
    ...baseSecurityHeaders,
    "Content-Type": type,
    "Cache-Control": cache,
  };
  // An HTTP-date has whole seconds: the file's time is cut to them, so a client's copy of
  // the header compares equal.
  const lastModified =
    modified && new Date(Math.floor(modified.getTime() / 1000) * 1000).toUTCString();
  if (lastModified) headers["Last-Modified"] = lastModified;
  if (br || gz) headers["Vary"] = "Accept-Encoding";
  return {
    body,
    br,
    gz,
    headers,
    etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`,
    lastModified,
    csp: builtFilePolicy(type, body),
  };
}

const readIfThere = (file: string) => (existsSync(file) ? readFileSync(file) : undefined);

/**
 * The built site by URL: prerendered pages at their clean URLs (`pageUrls`), assets,
 * images and the generated text files, read once at start.
 */
export function loadBuiltFiles(clientDir: string, pageUrls: string[]): Map<string, BuiltFile> {
  const files = new Map<string, BuiltFile>();
  const pageFiles = new Map(pageUrls.map((url) => [path.join(clientDir, url, "index.html"), url]));

  for (const entry of readdirSync(clientDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const ext = path.extname(file);
    // Precompressed copies ride along with their file; React Router's data files and
    // unprefixed index.html paths are not public URLs.
    if (ext === ".br" || ext === ".gz" || ext === ".data") continue;
    const pageUrl = pageFiles.get(file);
    if (!pageUrl && entry.name === "index.html") continue;
    const url = pageUrl ?? "/" + path.relative(clientDir, file).split(path.sep).join("/");
    files.set(
      url,
      builtFile(readFileSync(file), {
        type:
          url === speculationRules.url
            ? speculationRules.type
            : contentType(ext) || "application/octet-stream",
        cache: cacheControl(url, Boolean(pageUrl)),
        br: readIfThere(`${file}.br`),
        gz: readIfThere(`${file}.gz`),
        // When the build wrote it: what If-Unmodified-Since and If-Modified-Since compare.
        modified: statSync(file).mtime,
      }),
    );
  }
  for (const url of pageUrls) {
    if (!files.has(url)) throw new Error(`The build has no page for ${url}: run the build again.`);
  }
  return files;
}
