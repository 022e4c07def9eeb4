// decap-server ships no types; this declares the one function the editor's backend calls
// (server/editor-backend.ts): it adds its middleware with `use` and its handlers with `post`.
declare module "decap-server/dist/middlewares.js" {
  type Handler = (req: unknown, res: unknown, next?: () => void) => unknown;
  // A CommonJS module: Node's ES modules see its exports as the default export's properties.
  const decapServer: {
    registerLocalGit(
      app: { use: (handler: unknown) => void; post: (path: string, handler: Handler) => void },
      options: { logLevel: string },
    ): Promise<void>;
  };
  export default decapServer;
}

// decap-cms-locales ships no types: each language's phrases, as Decap CMS registers them.
declare module "decap-cms-locales" {
  type Phrases = Record<string, unknown>;
  export const es: Phrases;
  export const ca: Phrases;
}
