import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type SmtpSink, startSmtpSink } from "../smtp-sink.ts";
import { type SpawnedServer, spawnServer } from "../spawn-server.ts";
import { freshPostgresUrl } from "../test-app.ts";
import { CONTRACT_ORIGIN } from "./driver.ts";
import type { ContractServer } from "./scenario.ts";

export interface ContractPair {
  stock: ContractServer;
  gatehouse: ContractServer;
  stop(): Promise<void>;
}

const SECRET = "client-contract-secret-client-contract-0123";

/**
 * Gatehouse from source and stock better-auth 1.7.24 (stock-server.ts), each on its own database (a SQLite
 * file, or a fresh PostgreSQL schema when `postgres` is given) and its own SMTP sink, both on free
 * loopback ports, both configured with BETTER_AUTH_URL=CONTRACT_ORIGIN and `adminEmail` as the admin.
 */
export async function startContractPair(adminEmail: string, postgres?: string): Promise<ContractPair> {
  const dir = mkdtempSync(join(tmpdir(), "gatehouse-contract-"));
  const sinks: SmtpSink[] = [];
  const servers: SpawnedServer[] = [];
  const schemas: Array<{ drop(): Promise<void> }> = [];

  async function database(name: string): Promise<string> {
    if (!postgres) return join(dir, `${name}.db`);
    const schema = await freshPostgresUrl(postgres);
    schemas.push(schema);
    return schema.url;
  }

  async function start(name: string, env: Record<string, string>, command?: string[]) {
    const sink = await startSmtpSink();
    sinks.push(sink);
    const server = await spawnServer(
      {
        BETTER_AUTH_SECRET: SECRET,
        BETTER_AUTH_URL: CONTRACT_ORIGIN,
        SMTP_URL: sink.url,
        DATABASE_URL: await database(name),
        ADMIN_EMAILS: adminEmail,
        ...env,
      },
      command ? { command } : {},
    );
    servers.push(server);
    return { url: server.url, sink };
  }

  async function stop() {
    await Promise.all(servers.map((s) => s.stop()));
    await Promise.all(sinks.map((s) => s.close()));
    await Promise.all(schemas.map((s) => s.drop()));
    rmSync(dir, { recursive: true, force: true });
  }

  try {
    const [stock, gatehouse] = await Promise.all([
      start("stock", {}, ["node", "--import", "tsx", "test/support/contract/stock-server.ts"]),
      start("gatehouse", {
        NODE_ENV: "production",
        DATA_DIR: dir,
        STATIC_DIR: join(dir, "web"),
      }),
    ]);
    return { stock, gatehouse, stop };
  } catch (e) {
    await stop();
    throw e;
  }
}
