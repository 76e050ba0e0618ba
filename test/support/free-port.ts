import { readFileSync } from "node:fs";
import { createServer } from "node:net";

/**
 * Where free ports are looked for: below the kernel's ephemeral range. A port handed out by `listen(0)` comes from
 * that range, which the outgoing connections of every process on the machine also draw from, so in the time
 * between finding such a port and listening on it (a test app starting), a connection elsewhere could take it
 * (seen in CI: EADDRINUSE while three suites ran). Below the range only a listening socket can hold a port.
 */
function searchRange(): { low: number; high: number } {
  let ephemeralLow = 32768;
  try {
    ephemeralLow = Number(
      readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/)[0],
    );
  } catch {
    // Not Linux: the usual low bound.
  }
  const high = Math.max(10_000, ephemeralLow) - 1;
  return { low: Math.min(20_000, high - 5_000), high };
}

const range = searchRange();
const handedOut = new Set<number>();

function listens(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = createServer();
    s.once("error", () => resolve(false));
    s.listen(port, "127.0.0.1", () => s.close(() => resolve(true)));
  });
}

/** A TCP port free on 127.0.0.1 right now, which no outgoing connection will take before the caller listens. */
export async function freePort(): Promise<number> {
  for (let tries = 0; tries < 200; tries += 1) {
    const port = range.low + Math.floor(Math.random() * (range.high - range.low + 1));
    if (handedOut.has(port)) continue;
    if (await listens(port)) {
      handedOut.add(port);
      return port;
    }
  }
  throw new Error(`no free port between ${range.low} and ${range.high}`);
}
