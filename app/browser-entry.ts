import { createContext, useContext } from "react";

/**
 * The URL of the browser entry (app/entry.client.tsx as built), which hydrates a page's
 * island. app/entry.server.tsx takes it from the `EntryContext` React Router hands to
 * `handleRequest` (`manifest.entry.module`) and provides it here, for the document to load
 * when the visitor reaches for the island.
 */
export const BrowserEntryContext = createContext<string | undefined>(undefined);

export const useBrowserEntry = () => useContext(BrowserEntryContext);
