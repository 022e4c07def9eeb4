import { panelPath } from "#app/panel/paths.ts";
import { viewBeaconPath } from "#server/view-beacon.ts";

/** The editor's backend, which Decap CMS posts to (CMS_BACKEND=server). */
export const editorApiPath = "/admin/api/v1";

const readOnly = ["GET", "HEAD"] as const;
const form = ["GET", "HEAD", "POST"] as const;
const endpoint = ["POST"] as const;

/**
 * The methods a URL answers; any other gets 405 with this list as `Allow` before React
 * Router sees it (which would run a page's action for PUT or DELETE as for POST). React
 * Router's data URLs (`/contact.data`, `/_root.data`) follow their page.
 */
export function allowedMethods(path: string, formPages: ReadonlySet<string>): readonly string[] {
  const page = path.endsWith(".data") ? path.slice(0, -5).replace(/^\/_root$/, "/") : path;
  // The editor's backend (CMS_BACKEND=server, server/admin.ts).
  if (page === "/api/contact" || page === viewBeaconPath || page === editorApiPath) return endpoint;
  // The owner's panel: its pages, forms and passkey endpoints (server/panel.tsx).
  if (page === panelPath || page.startsWith(`${panelPath}/`)) return form;
  return formPages.has(page) ? form : readOnly;
}
