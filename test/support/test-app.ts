import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Config, loadConfig } from "#server/boot/config.ts";
import { createLogger, type Logger } from "#server/boot/logger.ts";
import { buildServer, type GatehouseServer } from "#server/boot/server.ts";
import { pooledPostgresUrl } from "./schema-pool.ts";
import { type SinkOptions, type SmtpSink, startSmtpSink } from "./smtp-sink.ts";

export const TEST_ORIGIN = "http://localhost:3000";

/** Which database the suites run on: a temp SQLite file, or PostgreSQL (+ Redis) when TEST_DATABASE_URL is set. */
export const testDatabase = `${process.env.TEST_DATABASE_URL ? "postgres" : "sqlite"}${process.env.TEST_REDIS_URL ? " + redis" : ""}`;

export interface TestApp {
  server: GatehouseServer;
  config: Config;
  sink: SmtpSink;
  /** app.request with the trusted Origin and JSON handled; returns the raw Response. */
  request(path: string, init?: RequestInit & { json?: unknown; cookie?: string }): Promise<Response>;
  /**
   * Serves the app over real HTTP on 127.0.0.1 (hot paths included, as in production), on `port` when the app
   * was started with that port in its BETTER_AUTH_URL (else a free one); returns its base URL.
   */
  listen(port?: number): Promise<string>;
  close(): Promise<void>;
}

// Where the suites and benches that spawn servers have always found it.
export { freshPostgresUrl } from "./schema-pool.ts";

/**
 * Starts the real app in-process on a temp database, with mail to a real SMTP sink; `logger` replaces the
 * silent one (a test that reads what the server logs).
 */
export async function startTestApp(
  env: Record<string, string> = {},
  { sink: sinkOptions, logger }: { sink?: SinkOptions; logger?: Logger } = {},
): Promise<TestApp> {
  const dir = mkdtempSync(join(tmpdir(), "gatehouse-test-"));
  const sink = await startSmtpSink(sinkOptions);
  const pgDb = process.env.TEST_DATABASE_URL
    ? await pooledPostgresUrl(process.env.TEST_DATABASE_URL)
    : undefined;
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dir,
    DATABASE_URL: pgDb?.url ?? join(dir, "test.db"),
    BETTER_AUTH_URL: TEST_ORIGIN,
    BETTER_AUTH_SECRET: "test-secret-test-secret-test-secret-0123",
    SMTP_URL: sink.url,
    LOG_LEVEL: "silent",
    STATIC_DIR: join(dir, "web"),
    ...(process.env.TEST_REDIS_URL
      ? { REDIS_URL: process.env.TEST_REDIS_URL, REDIS_KEY_PREFIX: `test:${randomBytes(6).toString("hex")}:` }
      : {}),
    ...env,
  });
  const server = await buildServer(config, logger ?? createLogger(config.logLevel));
  let http: Server | undefined;
  return {
    server,
    config,
    sink,
    request(path, init = {}) {
      const { json, cookie, ...rest } = init;
      const headers = new Headers(rest.headers);
      if (!headers.has("origin")) headers.set("origin", TEST_ORIGIN);
      if (cookie) headers.set("cookie", cookie);
      if (json !== undefined) headers.set("content-type", "application/json");
      return Promise.resolve(
        server.app.request(path, {
          ...rest,
          headers,
          body: json !== undefined ? JSON.stringify(json) : rest.body,
          method: rest.method ?? (json !== undefined ? "POST" : "GET"),
        }),
      );
    },
    async listen(port = 0) {
      http ??= createServer(server.listener);
      if (!http.listening) await new Promise<void>((resolve) => http?.listen(port, "127.0.0.1", resolve));
      return `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
    },
    async close() {
      http?.closeAllConnections();
      await new Promise((resolve) => (http ? http.close(resolve) : resolve(undefined)));
      await server.close();
      await sink.close();
      await pgDb?.release();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The `name=value` pairs of a response's Set-Cookie headers, ready for a Cookie header. */
export function cookiesFrom(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .filter((c) => c && !c.endsWith("="))
    .join("; ");
}
