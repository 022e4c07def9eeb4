interface ImportMetaEnv {
  /** The day the site was built, YYYY-MM-DD (vite.config.ts). */
  readonly VITE_BUILD_DATE?: string;
}
