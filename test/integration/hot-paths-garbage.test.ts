import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serverCommand } from "../support/server-bundle.ts";
import { type SpawnedServer, spawnServer } from "../support/spawn-server.ts";

/**
 * The heap after each young-generation collection, from `node --trace-gc` ("Scavenge 80.1 (95.0) -> 79.5 (95.0)
 * MB"): what grows between two of them is what reached the old generation.
 */
function promotedMB(trace: string): number {
  let promoted = 0;
  let previous: number | undefined;
  for (const line of trace.split("\n")) {
    const after = line.match(/(Scavenge|Mark-Compact)[^>]*-> ([\d.]+) \(/);
    if (!after) continue;
    const size = Number(after[2]);
    if (after[1] === "Scavenge" && previous !== undefined && size > previous) promoted += size - previous;
    previous = size;
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
