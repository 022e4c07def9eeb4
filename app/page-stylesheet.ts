import { createContext, useContext } from "react";

/**
 * The stylesheet of a page the server renders per request, trimmed at build to the classes
 * its route can show (app/route-styles.server.ts). Unset, the document carries the whole
 * stylesheet: prerendered pages trim theirs after the build (scripts/page-styles.ts).
 */
export const PageStylesheetContext = createContext<string | undefined>(undefined);

export const usePageStylesheet = () => useContext(PageStylesheetContext);
