import { createServer } from "node:http";
import { ConfigError, loadConfig } from "#server/boot/config.ts";
import { createLogger } from "#server/boot/logger.ts";
import { holdMemoryNear } from "#server/boot/memory-target.ts";
import { buildServer } from "#server/boot/server.ts";

/** Start-up failures end in one line naming the cause, and a non-zero exit. */
function fail(message: string): never {
  process.stderr.write(`gatehouse: cannot start: ${message}\n`);
  process.exit(1);
}

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    fail(err instanceof ConfigError ? err.message : String(err));
  }
  const logger = createLogger(config.logLevel);
  // A growth given on node's own command line is the operator's choice: the target leaves it alone.
  const ownGrowth = process.execArgv.some((arg) => arg.startsWith("--heap-growing-percent"));
  if (config.memoryTargetMb > 0 && !ownGrowth) {
    holdMemoryNear(config.memoryTargetMb * 1024 * 1024, (percent) =>
      logger.debug({ heapGrowingPercent: percent }, "memory target: V8's heap growth"),
    );
  }
  let gatehouse: Awaited<ReturnType<typeof buildServer>>;
  try {
    gatehouse = await buildServer(config, logger);
  } catch (err) {
    const reason = err instanceof Error ? err.message.split("\n")[0] : String(err);
    fail(`DATABASE_URL: ${reason}`);
  }

  const server = createServer(gatehouse.listener);
  server.listen(config.port, config.host, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : config.port;
    const shown = config.host === "0.0.0.0" || config.host === "::" ? "localhost" : config.host;
    logger.info({ port, database: config.database.kind }, "listening");
    process.stdout.write(`Gatehouse is running at http://${shown}:${port}  (public URL ${config.baseURL})\n`);
    if (config.outboxEnabled)
      process.stdout.write(`Mails are kept in the outbox: ${config.baseURL}/dev/outbox\n`);
  });

  let stopping = false;
  const drain = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "draining");
    // close() stops accepting and resolves once in-flight requests have finished.
    server.close(async () => {
      await gatehouse.close();
      logger.info("stopped");
      process.exit(0);
    });
    server.closeIdleConnections();
    setTimeout(() => process.exit(1), 15_000).unref();
  };
  process.on("SIGTERM", () => drain("SIGTERM"));
  process.on("SIGINT", () => drain("SIGINT"));
}

void main();
