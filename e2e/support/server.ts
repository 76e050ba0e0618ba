import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "../../test/support/free-port.ts";
import { type SmtpSink, startSmtpSink } from "../../test/support/smtp-sink.ts";
import { type SpawnedServer, spawnServer } from "../../test/support/spawn-server.ts";

export interface E2EServer {
  url: string;
  sink: SmtpSink;
  close(): Promise<void>;
}

/**
 * The built app started the way a user starts it (`npm start`), on a free port,
 * with a fresh SQLite file and mail delivered over SMTP to a real sink.
 */
export async function startE2EServer(
  env: Record<string, string> = {},
  /**
   * The public host (BETTER_AUTH_URL's). Passkeys need `localhost`: a relying-party id cannot be an IP
   * address, and http://localhost is a secure context. The server still listens on 127.0.0.1.
   */
  { hostname = "127.0.0.1" }: { hostname?: "127.0.0.1" | "localhost" } = {},
): Promise<E2EServer> {
  const dir = mkdtempSync(join(tmpdir(), "gatehouse-e2e-"));
  const sink = await startSmtpSink();
  const port = await freePort();
  const url = `http://${hostname}:${port}`;
  let server: SpawnedServer;
  try {
    server = await spawnServer(
      { PORT: String(port), DATA_DIR: dir, SMTP_URL: sink.url, BETTER_AUTH_URL: url, ...env },
      { command: ["npm", "start", "--silent"] },
    );
  } catch (err) {
    await sink.close();
    throw err;
  }
  return {
    url,
    sink,
    async close() {
      await server.stop();
      await sink.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
