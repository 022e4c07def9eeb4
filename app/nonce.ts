import { createContext as createReactContext, useContext } from "react";
import { createContext } from "react-router";

/**
 * The per-response script nonce of a dynamic answer, in React Router's request context (set
 * by the Express wiring); none for prerendered pages, which use hashes. (An object default:
 * React Router treats an undefined default as no default.)
 */
export const nonceRouterContext = createContext<{ nonce?: string }>({});

/** The same nonce handed to React's tree (app/entry.server.tsx), read with `useNonce`. */
export const NonceReactContext = createReactContext<string | undefined>(undefined);

export const useNonce = () => useContext(NonceReactContext);
