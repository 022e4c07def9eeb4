import { createContext as createReactContext, useContext } from "react";
import { createContext } from "react-router";

/**
 * The per-response script nonce of a dynamic answer; none for prerendered pages, which use
 * hashes. (An object default: React Router treats an undefined default as no default.)
 */
export const nonceContext = createContext<{ nonce?: string }>({});

export const NonceContext = createReactContext<string | undefined>(undefined);

export const useNonce = () => useContext(NonceContext);
