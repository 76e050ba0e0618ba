import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { INVITATION_EXPIRES_IN } from "#server/auth/auth.ts";
import { loadConfig } from "#server/boot/config.ts";

const dir = mkdtempSync(join(tmpdir(), "gatehouse-defaults-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("SPEC §9 defaults when nothing is configured", () => {
  it("a membership limit of 100 (the API tests prove the setting is enforced, with a smaller one)", () => {
    expect(loadConfig({ DATA_DIR: dir }).membershipLimit).toBe(100);
    expect(loadConfig({ DATA_DIR: dir, MEMBERSHIP_LIMIT: "3" }).membershipLimit).toBe(3);
  });

  it("invitations that expire after 172800 seconds (2 days)", () => {
    expect(INVITATION_EXPIRES_IN).toBe(172800);
  });
});
