import { hashPassword, verifyPassword } from "better-auth/crypto";
import { afterAll, describe, expect, it } from "vitest";
import { createPasswordHasher } from "#server/auth/password-hashing.ts";
import { createPrehash } from "#server/auth/prehash.ts";

const hasher = createPasswordHasher(2);
afterAll(() => hasher.close());

describe("password hashing on worker threads", () => {
  it("writes better-auth's format: each side verifies the other's hashes", async () => {
    const ours = await hasher.hash("correct horse 1");
    expect(ours).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(await verifyPassword({ hash: ours, password: "correct horse 1" })).toBe(true);
    expect(await verifyPassword({ hash: ours, password: "correct horse 2" })).toBe(false);

    const theirs = await hashPassword("Ünïcödé pässwörd");
    expect(await hasher.verify({ hash: theirs, password: "Ünïcödé pässwörd" })).toBe(true);
    // NFKC: the decomposed spelling of the same text is the same password, as in better-auth.
    expect(await hasher.verify({ hash: theirs, password: "Ünïcödé pässwörd".normalize("NFD") })).toBe(true);
    expect(await hasher.verify({ hash: theirs, password: "Unicode password" })).toBe(false);
  });

  it("refuses a malformed stored hash with an error, and keeps working", async () => {
    await expect(hasher.verify({ hash: "no-colon-here", password: "x" })).rejects.toThrow(
      /invalid password hash/i,
    );
    const many = await Promise.all(Array.from({ length: 5 }, (_, i) => hasher.hash(`password number ${i}`)));
    expect(new Set(many).size).toBe(5);
    expect(await hasher.verify({ hash: many[3] as string, password: "password number 3" })).toBe(true);
  });
});

describe("prehash", () => {
  const prehashing = createPrehash(hasher.hash);

  it("hands better-auth the hash computed before the transaction, once", async () => {
    const prehashed = await prehashing.prehash("first password 1");
    const hash = await prehashing.hash("first password 1");
    expect(hash).toBe(prehashed);
    expect(await verifyPassword({ hash, password: "first password 1" })).toBe(true);

    // Consumed: the next call hashes anew, with a new salt.
    const again = await prehashing.hash("first password 1");
    expect(again).not.toBe(hash);
    expect(await verifyPassword({ hash: again, password: "first password 1" })).toBe(true);
  });

  it("forgets an unused prehash", async () => {
    const prehashed = await prehashing.prehash("unused password 1");
    prehashing.forget("unused password 1");
    const hash = await prehashing.hash("unused password 1");
    expect(hash).not.toBe(prehashed);
    expect(await verifyPassword({ hash, password: "unused password 1" })).toBe(true);
  });
});
