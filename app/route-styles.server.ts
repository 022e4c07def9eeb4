import { readFileSync } from "node:fs";

/**
 * The trimmed stylesheets of the routes the server renders per request, written beside the
 * server build by scripts/page-styles.ts at the end of the build.
 */
export type RouteStyles = {
  /** The browser manifest's version: a map from another build is never used. */
  version: string;
  /** Each route's stylesheet, as an index into `sheets` (routes of one module share one). */
  routes: Record<string, number>;
  sheets: string[];
  /** The whole stylesheet, as a page without a trim carries it. */
  whole: string;
};

export const routeStylesFile = "route-styles.json";

/**
 * Read once, beside the built server (`import.meta.url` is build/server/index.js). Absent in
 * development and while the build prerenders (the file is written after): every page then
 * carries the whole stylesheet, which prerendered pages trim afterwards.
 */
const routeStyles = (() => {
  try {
    const file = new URL(`./${routeStylesFile}`, import.meta.url);
    return JSON.parse(readFileSync(file, "utf8")) as RouteStyles;
  } catch {
    return undefined;
  }
})();

/** The stylesheet of the route a page is rendered for, if this build trimmed one for it. */
export function routeStylesheet(manifestVersion: string, routeId: string | undefined) {
  if (routeStyles?.version !== manifestVersion || routeId === undefined) return undefined;
  const index = routeStyles.routes[routeId];
  return index === undefined ? undefined : routeStyles.sheets[index];
}
