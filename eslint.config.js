import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["build/", "build-*/", ".react-router/", "test-results/", "playwright-report/"] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  reactHooks.configs.flat["recommended-latest"],
  {
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // One import style, which Vite, TypeScript and plain Node (scripts, the build config)
    // all resolve: our own modules by their path from the project root through package.json
    // "imports" (#app/…, #server/…), with the file's extension. Only the types React Router
    // generates beside each route are relative (./+types/…).
    files: ["**/*.{js,ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(~/|\\.\\.?/(?!\\+types/))",
              message:
                "Import our own modules as #app/…, #server/…, #scripts/…, #tests/… or #bench/….",
            },
          ],
        },
      ],
    },
  },
  {
    // Tests may assert what they just checked exists.
    files: ["tests/**", "**/*.test.ts"],
    rules: { "@typescript-eslint/no-non-null-assertion": "off" },
  },
  {
    files: ["app/page-script.js", "app/panel/passkey.js"],
    languageOptions: { globals: { ...globals.browser } },
  },
);
