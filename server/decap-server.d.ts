// decap-server ships no types; this declares the one function the editor's backend calls
// (server/editor-backend.ts): it adds its middleware with `use` and its handlers with `post`.
declare module "decap-server/dist/middlewares.js" {
  type Handler = (req: unknown, res: unknown, next?: () => void) => unknown;
  export function registerLocalGit(
    app: { use: (handler: unknown) => void; post: (path: string, handler: Handler) => void },
    options: { logLevel: string },
  ): Promise<void>;
}
