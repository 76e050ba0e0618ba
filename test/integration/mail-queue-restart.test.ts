import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SQLite from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../support/free-port.ts";
import { call } from "../support/remote.ts";
import { type SmtpSink, startSmtpSink } from "../support/smtp-sink.ts";
import { type SpawnedServer, spawnServer } from "../support/spawn-server.ts";
import { createUser } from "../support/users.ts";

/**
 * A mail is a row before it is a delivery: killing the server (kill -9) while the relay is unreachable
 * loses nothing, and the next start delivers it.
 */
describe("mail queue: a queued mail survives kill -9 and is delivered after the restart (SQLite)", () => {
  let dir: string;
  let sink: SmtpSink | undefined;
  let server: SpawnedServer | undefined;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "gatehouse-mail-queue-"));
  });
  afterAll(async () => {
    await server?.stop("SIGKILL");
    await sink?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const env = (smtpURL: string) => ({
    DATA_DIR: dir,
    DATABASE_URL: join(dir, "gatehouse.db"),
    STATIC_DIR: join(dir, "web"),
    BETTER_AUTH_SECRET: "mail-queue-secret-mail-queue-secret-0123",
    BETTER_AUTH_URL: "http://127.0.0.1",
    SMTP_URL: smtpURL,
    // The mail's retry is due 1 s after the failure instead of 5 s: by the time the restarted server is up.
    MAIL_RETRY_SCALE: "0.2",
  });

  it("keeps the mail through the kill and sends it once the relay answers", async () => {
    const deadRelay = `smtp://127.0.0.1:${await freePort()}`;
    server = await spawnServer(env(deadRelay));
    const user = createUser();
    const signUp = await call(server.url, "/api/auth/sign-up/email", { json: user });
    expect(signUp.status).toBe(200);

    const queued = () => {
      const db = new SQLite(join(dir, "gatehouse.db"), { readonly: true });
      try {
        return db.prepare(`select state, attempts from mail_queue where "to" = ?`).get(user.email) as
          | { state: string; attempts: number }
          | undefined;
      } finally {
        db.close();
      }
    };
    // The first attempt has failed (nothing listens at the relay's address): the mail waits in the queue.
    await expect.poll(() => queued()?.attempts ?? 0, { timeout: 5000 }).toBeGreaterThan(0);
    await server.stop("SIGKILL");
    server = undefined;
    // Still queued: waiting for its retry, or cut off in the middle of an attempt ("sending"), which the restarted
    // server takes up at once.
    expect(["pending", "sending"]).toContain(queued()?.state);

    sink = await startSmtpSink();
    server = await spawnServer(env(sink.url));
    const mail = await sink.waitFor(user.email, /verify/i, 20_000);
    expect(mail.text).toContain("/api/auth/verify-email");
    await expect.poll(() => queued() ?? null, { timeout: 5000 }).toBeNull();
  }, 60_000);
});
