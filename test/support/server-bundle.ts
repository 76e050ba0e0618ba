import { mkdirSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";

const ROOT = new URL("../..", import.meta.url).pathname;

let command: Promise<string[]> | undefined;

/**
 * Bundles the server found under `root` (its src/server/boot/main.ts) into `outfile` as
 * scripts/build-server.mjs does for production: one ESM file, npm packages left external.
 */
export async function bundleServer(root: string, outfile: string): Promise<void> {
  await build({
    entryPoints: [join(root, "src/server/boot/main.ts")],
    outfile,
    bundle: true,
    platform: "node",
    target: "node20",
    format: "esm",
    packages: "external",
    logLevel: "warning",
  });
}

/**
 * The command that runs the server in a spawned process: the source bundled once per test worker (like
 * scripts/build-server.mjs does for production), since a bundle starts in a fraction of tsx's time and
 * the integration suites start servers dozens of times. The bundle lives under node_modules/.cache so its
 * package imports resolve; a worker's bundle goes at its exit, or (vitest may end workers without one) when
 * the next worker finds its process gone.
 */
export function serverCommand(): Promise<string[]> {
  command ??= (async () => {
    const dir = join(ROOT, "node_modules", ".cache", "gatehouse-tests");
    mkdirSync(dir, { recursive: true });
    for (const name of readdirSync(dir)) {
      const pid = Number(name.match(/^server-(\d+)-/)?.[1]);
      if (pid && !alive(pid)) rmSync(join(dir, name), { force: true });
    }
    const outfile = join(dir, `server-${process.pid}-${Date.now().toString(36)}.mjs`);
    await bundleServer(ROOT, outfile);
    process.once("exit", () => rmSync(outfile, { force: true }));
    return ["node", outfile];
  })();
  return command;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
