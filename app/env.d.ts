interface ImportMetaEnv {
  /** The day the site was built, YYYY-MM-DD (vite.config.ts). */
  readonly VITE_BUILD_DATE?: string;
}

/** A script minified for inlining into a page (vite.config.ts, `inlineScripts`). */
declare module "*?inline-script" {
  const code: string;
  export default code;
}
