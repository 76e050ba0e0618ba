import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect } from "vitest";
import { ConfigError, loadConfig } from "#server/boot/config.ts";

/**
 * loadConfig over a throw-away data directory (removed after the file's tests) and a valid secret, plus
 * `refusal`: the message of the ConfigError an environment is refused with.
 */
export function configLoader(name: string) {
  const dir = mkdtempSync(join(tmpdir(), `gatehouse-${name}-`));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const load = (env: Record<string, string>) =>
    loadConfig({ DATA_DIR: dir, BETTER_AUTH_SECRET: "x".repeat(32), ...env });

  function refusal(env: Record<string, string>): string {
    try {
      load(env);
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      return (err as Error).message;
    }
    throw new Error("expected a ConfigError");
  }

  return { dir, load, refusal };
}
