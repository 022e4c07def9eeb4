import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import fresh from "fresh";
import Negotiator from "negotiator";
import {
  baseSecurityHeaders,
  contentSecurityPolicy,
  hstsHeader,
  inlineHashes,
} from "./security-headers";

type Entry = {
  body: Buffer;
  br?: Buffer;
  gz?: Buffer;
  headers: Record<string, string>;
  etag: string;
  /** HTML only: the page's Content-Security-Policy over HTTP and over HTTPS. */
  csp?: { http: string; https: string };
};

/** Security headers, and for HTML the policy that allows exactly its inline scripts and styles. */
function secure(entry: Entry): Entry {
  Object.assign(entry.headers, baseSecurityHeaders);
  if (entry.headers["Content-Type"]?.startsWith("text/html")) {
    const hashes = inlineHashes(entry.body.toString("utf8"));
    entry.csp = {
      http: contentSecurityPolicy(hashes, false),
      https: contentSecurityPolicy(hashes, true),
    };
  }
  return entry;
}

const htmlType = "text/html; charset=utf-8";
const types: Record<string, string> = {
  ".html": htmlType,
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".avif": "image/avif",
  ".webp": "image/webp",
  ".ico": "image/vnd.microsoft.icon",
  ".xml": "application/xml; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".webmanifest": "application/manifest+json; charset=utf-8",
  ".woff2": "font/woff2",
};

const etagOf = (body: Buffer) =>
  `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? walk(file) : [file];
  });
}

/** How long browsers may keep a file: hashed assets forever, pages must revalidate. */
function cacheControl(url: string, isPage: boolean): string {
  if (url.startsWith("/assets/")) return "public, max-age=31536000, immutable";
  if (isPage) return "no-cache";
  return "public, max-age=86400";
}

/**
 * The encoding to send, from the request's Accept-Encoding (q-values, `*`, `identity`):
 * brotli, then gzip, else none. No header means no compression: old clients and tools.
 */
function pickEncoding(req: IncomingMessage, entry: Entry): "br" | "gzip" | undefined {
  if (req.headers["accept-encoding"] === undefined) return undefined;
  const available = [...(entry.br ? ["br"] : []), ...(entry.gz ? ["gzip"] : []), "identity"];
  const chosen = new Negotiator(req).encoding(available, { preferred: available });
  return chosen === "br" || chosen === "gzip" ? chosen : undefined;
}

/**
 * The built site held in memory, precompressed copies included, and served without
 * touching the disk: prerendered pages at their clean URLs, assets, images and the
 * generated text files. `pageUrls` maps each page URL to its HTML file.
 */
export function loadStaticFiles(clientDir: string, pageUrls: string[]) {
  const files = new Map<string, Entry>();
  const pageFiles = new Map(pageUrls.map((url) => [path.join(clientDir, url, "index.html"), url]));

  for (const file of walk(clientDir)) {
    const ext = path.extname(file);
    // Precompressed copies ride along with their file; React Router's data files and
    // unprefixed index.html paths are not public URLs.
    if (ext === ".br" || ext === ".gz" || ext === ".data") continue;
    const pageUrl = pageFiles.get(file);
    if (!pageUrl && path.basename(file) === "index.html") continue;
    const url = pageUrl ?? "/" + path.relative(clientDir, file).split(path.sep).join("/");
    const body = readFileSync(file);
    const entry: Entry = {
      body,
      br: existsSync(`${file}.br`) ? readFileSync(`${file}.br`) : undefined,
      gz: existsSync(`${file}.gz`) ? readFileSync(`${file}.gz`) : undefined,
      headers: {
        "Content-Type": types[ext] ?? "application/octet-stream",
        "Cache-Control": cacheControl(url, Boolean(pageUrl)),
      },
      etag: etagOf(body),
    };
    if (entry.br || entry.gz) entry.headers["Vary"] = "Accept-Encoding";
    files.set(url, secure(entry));
  }
  for (const url of pageUrls) {
    if (!files.has(url)) throw new Error(`The build has no page for ${url}: run the build again.`);
  }

  const notFound = new Map<string, Entry>();

  function send(
    req: IncomingMessage,
    res: ServerResponse,
    entry: Entry,
    status: number,
    { https, extra }: { https: boolean; extra?: Record<string, string> },
  ) {
    const encoding = pickEncoding(req, entry);
    const body =
      (encoding === "br" ? entry.br : encoding === "gzip" ? entry.gz : undefined) ?? entry.body;
    const headers: Record<string, string> = { ...entry.headers, ...extra };
    if (https) Object.assign(headers, hstsHeader);
    if (entry.csp) headers["Content-Security-Policy"] = https ? entry.csp.https : entry.csp.http;
    if (encoding) headers["Content-Encoding"] = encoding;
    // Each encoding is a different representation, so it gets its own validator.
    const etag = encoding ? `${entry.etag.slice(0, -1)}-${encoding}"` : entry.etag;
    headers["ETag"] = etag;
    // If-None-Match lists, weak validators and `*`, as RFC 9110 reads them.
    if (status === 200 && fresh(req.headers, { etag })) {
      delete headers["Content-Encoding"];
      res.writeHead(304, headers);
      res.end();
      return;
    }
    headers["Content-Length"] = String(body.length);
    res.writeHead(status, headers);
    res.end(req.method === "HEAD" ? undefined : body);
  }

  return {
    has: (url: string) => files.has(url),
    /** Keeps a language's 404 page, rendered once, to answer every unknown URL from memory. */
    setNotFoundPage(lang: string, html: string) {
      const body = Buffer.from(html);
      notFound.set(
        lang,
        secure({
          body,
          br: brotliCompressSync(body),
          gz: gzipSync(body),
          headers: {
            "Content-Type": htmlType,
            "Cache-Control": "no-cache",
            Vary: "Accept-Encoding",
          },
          etag: etagOf(body),
        }),
      );
    },
    serveNotFound(req: IncomingMessage, res: ServerResponse, lang: string, https: boolean) {
      const entry = notFound.get(lang);
      if (!entry) return false;
      send(req, res, entry, 404, { https });
      return true;
    },
    /** Answers a GET or HEAD for a known file; false when the URL is not one. */
    serve(
      req: IncomingMessage,
      res: ServerResponse,
      url: string,
      options: { https: boolean; extra?: Record<string, string> },
    ) {
      const entry = files.get(url);
      if (!entry) return false;
      send(req, res, entry, 200, options);
      return true;
    },
  };
}
