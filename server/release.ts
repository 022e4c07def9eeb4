import { readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

/** What `npm run deploy` writes into each release it builds (scripts/deploy.ts). */
const releaseSchema = z.object({
  commit: z.string().regex(/^[0-9a-f]{40}$/),
  committedAt: z.string(),
  builtAt: z.string(),
});

export type Release = z.infer<typeof releaseSchema>;

export const releaseFile = "release.json";

/**
 * The release this folder holds, for the log and /healthz; null where the site was not put
 * there by a deploy (a checkout built by hand, the container image).
 */
export function readRelease(dir: string): Release | null {
  try {
    return releaseSchema.parse(JSON.parse(readFileSync(path.join(dir, releaseFile), "utf8")));
  } catch {
    return null;
  }
}
