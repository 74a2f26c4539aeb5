import { readdirSync } from "node:fs";
import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const web = "./apps/web/src";
// Read at lint time, so a new feature folder is held to the rules below without editing this file.
const webFeatures = readdirSync(new URL(`${web}/features`, import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/*
 * The web app's shape: app/ composes features, each feature stands alone, and shared code
 * (components/, lib/) serves them all without knowing them. Imports are checked once resolved to
 * files, so a relative path, an alias or a package name cannot slip round a rule.
 */
const webShape = [
  {
    target: `${web}/features`,
    from: `${web}/app`,
    message: "Features do not import app/; app/ composes the features.",
  },
  ...webFeatures.map((feature) => ({
    target: `${web}/features/${feature}`,
    from: `${web}/features`,
    except: [`./${feature}`],
    message: "Features do not import each other; move shared code to components/ or lib/.",
  })),
  {
    target: [`${web}/components`, `${web}/lib`],
    from: [`${web}/features`, `${web}/app`],
    message: "Shared code (components/, lib/) does not import features or app/.",
  },
  {
    target: "./apps/web",
    from: ["./apps/server", "./packages/test-support"],
    message:
      "The web app does not import server code or test support; shared rules live in packages/contract.",
  },
];

export default tseslint.config(
  { ignores: ["**/node_modules/**", "**/dist/**", "data/**", "test-results/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
    },
  },
  {
    files: ["apps/web/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Import rules for all our TypeScript: no cycles anywhere, and the web app's shape above.
    files: ["**/*.{ts,tsx}"],
    plugins: { "import-x": importX },
    settings: {
      // no-cycle follows imports by parsing each imported file, so it needs the TypeScript parser.
      "import-x/extensions": [".ts", ".tsx", ".js"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import-x/resolver-next": [
        createTypeScriptImportResolver({
          project: [
            "apps/web/tsconfig.json",
            "apps/server/tsconfig.json",
            "packages/contract/tsconfig.json",
            "packages/test-support/tsconfig.json",
            "e2e/tsconfig.json",
            "bench/tsconfig.json",
          ],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      "import-x/no-cycle": "error",
      "import-x/no-restricted-paths": ["error", { basePath: import.meta.dirname, zones: webShape }],
    },
  },
  {
    // Every end-to-end test gets its page through our fixtures, which fail it on any page error.
    files: ["e2e/tests/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "@playwright/test",
              importNames: ["test"],
              message:
                "Import test from ../support/fixtures.ts, which fails a test on page errors.",
            },
          ],
        },
      ],
    },
  },
);
