// Bundles the server into dist/server/main.js; npm packages stay external (native better-sqlite3, pg).
import { build } from "esbuild";

await build({
  entryPoints: ["src/server/boot/main.ts"],
  outfile: "dist/server/main.js",
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
