// Lint: TypeScript, React hooks and accessibility rules, and the layer rule of the house: imports
// flow app → server → db. Formatting is Prettier's job (npm run format), so no style rules here.
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/** Import specifiers (relative, `~/`, or package) that a folder must not reach. */
const layer = (patterns) => ({
  "no-restricted-imports": ["error", { patterns }],
});

const APP = { group: ["**/app/**", "~/**"], message: "server/ and db/ never import app/: imports flow app → server → db." };
const SERVER = { group: ["**/server/**"], message: "db/ never imports server/: imports flow app → server → db." };
const IO = {
  group: [
    "**/db/**",
    "../services/**",
    "../integrations/**",
    "../http/**",
    "../api/**",
    "../jobs/**",
    "../live/**",
    "../media/**",
    "../uploads/**",
    "../context",
    "../config",
    "../env",
    "cloudflare:*",
    "hono",
    "hono/**",
  ],
  message: "server/domain holds pure rules: no database, bindings, HTTP or outside services (pass data in).",
};
const HANDLERS = {
  group: ["../http/**", "../api/**"],
  message: "services and integrations are called by the HTTP layer, never the other way round.",
};

export default tseslint.config(
  {
    ignores: [
      "build/**",
      "node_modules/**",
      ".wrangler/**",
      "test-results/**",
      "playwright-report/**",
      "public/**",
      "migrations/**",
      "worker-configuration.d.ts",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: "module",
      globals: { ...globals.browser, ...globals.worker },
    },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports", disallowTypeAnnotations: false }],
      // Control characters appear in our regular expressions on purpose: file names, URLs and
      // header values are cleaned of them or refused for them.
      "no-control-regex": "off",
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    rules: {
      // The two classic hook rules. The plugin's other recommended rules check code for the React
      // Compiler, which this React 18 app does not use.
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      ...jsxA11y.flatConfigs.recommended.rules,
      // Videos are creators' uploads and live streams: the product has no caption tracks to offer.
      "jsx-a11y/media-has-caption": "off",
    },
  },
  // The layer rule.
  { files: ["server/**/*.ts"], rules: layer([APP]) },
  { files: ["db/**/*.{ts,mjs}"], rules: layer([APP, SERVER]) },
  { files: ["server/domain/**/*.ts"], rules: layer([APP, IO]) },
  { files: ["server/services/**/*.ts", "server/integrations/**/*.ts"], rules: layer([APP, HANDLERS]) },
  // Scripts, benches, configs and end-to-end tests run in Node.
  {
    files: ["scripts/**", "bench/**", "tests/e2e/**", "*.config.{ts,js}", "db/seed/**"],
    languageOptions: { globals: { ...globals.node } },
  },
);
