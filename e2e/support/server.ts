import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "../../test/support/free-port.ts";
import { groupCpuTimeUs } from "../../test/support/process-cpu.ts";
import { type SmtpSink, startSmtpSink } from "../../test/support/smtp-sink.ts";
import { type SpawnedServer, spawnServer } from "../../test/support/spawn-server.ts";

/** The servers this worker has started and not yet closed, described when a journey fails. */
const live = new Map<string, SpawnedServer>();

/**
 * Whether each live server still answers (a page that stopped changing may be waiting on it), and the last lines it
 * printed (warnings and errors: LOG_LEVEL=warn).
 */
export async function describeServers(): Promise<string[]> {
  return Promise.all(
    [...live].map(async ([url, server]) => {
      const started = Date.now();
      const answer = await fetch(`${url}/api/auth/get-session`, { signal: AbortSignal.timeout(3000) })
        .then((response) => `answers get-session (${response.status}) in ${Date.now() - started} ms`)
        .catch(() => "does not answer get-session within 3 s");
      const busy = await cpuShare(server.proc.pid ?? 0);
      const state =
        server.proc.exitCode === null ? `${answer}; ${busy}` : `exited with ${server.proc.exitCode}`;
      const printed = server.output().trimEnd().split("\n").slice(-30);
      return `${url}: ${state}; its last lines:\n${printed.map((line) => `    ${line}`).join("\n")}`;
    }),
  );
}

/** How busy the server was over one second: a server that answers nothing while busy is spinning, idle is waiting. */
async function cpuShare(group: number): Promise<string> {
  const before = groupCpuTimeUs(group);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const after = groupCpuTimeUs(group);
  if (before === undefined || after === undefined) return "CPU not readable here";
  return `${Math.round((after - before) / 10_000)} % of a core over the next second`;
}

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
  live.set(url, server);
  return {
    url,
    sink,
    async close() {
      live.delete(url);
      await server.stop();
      await sink.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
