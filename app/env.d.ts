/** A script minified for inlining into a page (vite.config.ts, `inlineScripts`). */
declare module "*?inline-script" {
  const code: string;
  export default code;
}
