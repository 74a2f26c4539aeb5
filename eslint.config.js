import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/*
 * The web app's shape: app/ composes features, each feature stands alone, and shared code
 * (components/, lib/) serves them all without knowing them. The web app never reaches server code
 * or test support. Import cycles anywhere are caught by dpdm in `npm run lint`.
 */
const serverAndTestSupport = {
  group: [
    "**/apps/server/**",
    "**/server/src/**",
    "**/packages/test-support/**",
    "@ultimate-bikes/test-support/**",
  ],
  message:
    "The web app does not import server code or test support; shared rules live in packages/contract.",
};
const webImportRules = (...patterns) => [
  "error",
  { patterns: [...patterns, serverAndTestSupport] },
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
    files: ["apps/web/**/*.{ts,tsx}"],
    rules: { "no-restricted-imports": webImportRules() },
  },
  {
    // The web tests' set-up shares the console-error trap with the server's; it never reaches
    // the bundle. Server code stays out of it all the same.
    files: ["apps/web/src/test/setup.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [{ ...serverAndTestSupport, group: ["**/apps/server/**", "**/server/src/**"] }],
        },
      ],
    },
  },
  {
    files: ["apps/web/src/features/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": webImportRules(
        {
          // Another feature, by a sibling path or through features/; ../../ reaches shared code.
          group: ["../*/**", "!../../**", "**/features/**"],
          message: "Features do not import each other; move shared code to components/ or lib/.",
        },
        {
          group: ["**/app", "**/app/**"],
          message: "Features do not import app/; app/ composes the features.",
        },
      ),
    },
  },
  {
    files: ["apps/web/src/components/**/*.{ts,tsx}", "apps/web/src/lib/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": webImportRules({
        group: ["**/features", "**/features/**", "**/app", "**/app/**"],
        message: "Shared code (components/, lib/) does not import features or app/.",
      }),
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
