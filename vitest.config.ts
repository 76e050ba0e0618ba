import { defineConfig } from "vitest/config";

const root = new URL(".", import.meta.url).pathname;

/** The package.json "imports" (#server/*, #shared/*, #web/*) for Vitest's resolver. */
export const alias = [
  { find: /^#server\/(.*)$/, replacement: `${root}src/server/$1` },
  { find: /^#shared\/(.*)$/, replacement: `${root}src/shared/$1` },
  { find: /^#web\/(.*)$/, replacement: `${root}src/web/$1` },
];

export default defineConfig({
  resolve: { alias },
  test: {
    include: ["test/**/*.test.ts", "test/**/*.test.tsx"],
    setupFiles: ["test/support/fail-on-console-error.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
  },
});
