import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serverCommand } from "../support/server-bundle.ts";
import { type SpawnedServer, spawnServer } from "../support/spawn-server.ts";

/**
 * The heap after each young-generation collection, from `node --trace-gc` ("[pid:0xisolate] … Scavenge 80.1 (95.0)
 * -> 79.5 (95.0) MB"): what grows between two of them is what reached the old generation. Each isolate (the
 * server's, its hashing workers') is followed on its own: a worker's line between two of the server's read as a
 * jump of the server's heap.
 */
function promotedMB(trace: string): number {
  let promoted = 0;
  const previous = new Map<string, number>();
  for (const line of trace.split("\n")) {
    const after = line.match(/^\[([^\]]+)\].*(Scavenge|Mark-Compact)[^>]*-> ([\d.]+) \(/);
    if (!after) continue;
    const [, isolate, kind, mb] = after as unknown as [string, string, string, string];
    const size = Number(mb);
    const before = previous.get(isolate);
    if (kind === "Scavenge" && before !== undefined && size > before) promoted += size - before;
    previous.set(isolate, size);
  }
  return promoted;
}

describe("hot answers leave no garbage for the old generation (decision 45)", () => {
  let server: SpawnedServer;
  beforeAll(async () => {
    const [node, ...args] = await serverCommand();
    const dir = mkdtempSync(join(tmpdir(), "gatehouse-garbage-"));
    server = await spawnServer(
      {
        BETTER_AUTH_SECRET: "garbage-test-secret-garbage-test-secret",
        DATA_DIR: dir,
        DATABASE_URL: join(dir, "g.db"),
        NODE_ENV: "production",
        MAIL_OUTBOX: "1",
      },
      { command: [node as string, "--trace-gc", ...args] },
    );
  }, 60_000);
  afterAll(() => server?.stop());

  it("answers 30 000 hot requests without growing the old generation", async () => {
    const before = server.output().length;
    let left = 30_000;
    await Promise.all(
      Array.from({ length: 50 }, async () => {
        while (left-- > 0) {
          const res = await fetch(`${server.url}/api/auth/ok`);
          expect(res.status).toBe(200);
          await res.arrayBuffer();
        }
      }),
    );
    // Spread headers made ~0.5 KB of old-generation garbage per answer (~15 MB here); copied ones, none.
    expect(promotedMB(server.output().slice(before))).toBeLessThan(3);
  }, 120_000);
});
