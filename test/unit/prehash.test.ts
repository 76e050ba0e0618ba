import { verifyPassword } from "better-auth/crypto";
import { describe, expect, it } from "vitest";
import { forgetPrehash, hashWithPrehash, prehash } from "#server/prehash.ts";

describe("prehash", () => {
  it("hands better-auth the hash computed before the transaction, once", async () => {
    const prehashed = await prehash("first password 1");
    const hash = await hashWithPrehash("first password 1");
    expect(hash).toBe(prehashed);
    expect(await verifyPassword({ hash, password: "first password 1" })).toBe(true);
    expect(await verifyPassword({ hash, password: "other password 1" })).toBe(false);

    // Consumed: the next call hashes anew, with a new salt.
    const again = await hashWithPrehash("first password 1");
    expect(again).not.toBe(hash);
    expect(await verifyPassword({ hash: again, password: "first password 1" })).toBe(true);
  });

  it("forgets an unused prehash", async () => {
    await prehash("unused password 1");
    forgetPrehash("unused password 1");
    const hash = await hashWithPrehash("unused password 1");
    expect(await verifyPassword({ hash, password: "unused password 1" })).toBe(true);
  });
});
