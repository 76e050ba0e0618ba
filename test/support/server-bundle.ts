import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";

const ROOT = new URL("../..", import.meta.url).pathname;

/**
 * Bundles the server once (like scripts/build-server.mjs) so that spawned servers start in a fraction
 * of tsx's time. The bundle lives under node_modules/.cache so its package imports resolve.
 */
export async function bundleServer(): Promise<{ command: string[]; remove(): void }> {
  const dir = join(ROOT, "node_modules", ".cache", "gatehouse-tests");
  mkdirSync(dir, { recursive: true });
  const outfile = join(dir, `server-${process.pid}-${Date.now().toString(36)}.mjs`);
  await build({
    entryPoints: [join(ROOT, "src/server/boot/main.ts")],
    outfile,
    bundle: true,
    platform: "node",
    target: "node20",
    format: "esm",
    packages: "external",
    logLevel: "warning",
  });
  return { command: ["node", outfile], remove: () => rmSync(outfile, { force: true }) };
}
