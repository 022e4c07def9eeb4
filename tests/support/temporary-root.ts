// Vitest's global set-up: every temporary file of a run — the tests' own, and those of the
// servers, builds and PostgreSQL servers they start — goes in one folder, removed when the run
// ends. TMPDIR names it for the workers Vitest starts after this and for their children, so
// `os.tmpdir()` is that folder everywhere. (Not for Playwright: its transform cache and the
// container build's cache mount follow TMPDIR too, and would start cold on every run.)
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

export default function useTemporaryRoot() {
  const root = mkdtempSync(path.join(tmpdir(), "site-tests-"));
  // PostgreSQL runs as its own user and makes its folder in it.
  chmodSync(root, 0o755);
  process.env.TMPDIR = root;
  return () => rmSync(root, { recursive: true, force: true });
}
