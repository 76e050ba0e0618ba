import { connect } from "node:net";

const DEFAULTS = {
  TEST_DATABASE_URL: "postgres://postgres@127.0.0.1:5432/test",
  TEST_REDIS_URL: "redis://127.0.0.1:6379",
} as const;

function reachable(url: string, timeoutMs = 2000): Promise<boolean> {
  const u = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(u.port), u.hostname);
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once("connect", () => done(true));
    socket.once("error", () => done(false));
  });
}

/**
 * The URL of a service an integration suite needs. Nothing is skipped silently: under CI the variable
 * must be set and the service must answer (else the suite fails, saying so); elsewhere the default on
 * 127.0.0.1 is used, and if that does not answer either the suite is skipped with a printed reason.
 */
export async function integrationService(variable: keyof typeof DEFAULTS): Promise<string | undefined> {
  const given = process.env[variable];
  const ci = process.env.CI === "true" || process.env.CI === "1";
  if (!given && ci) throw new Error(`${variable} must be set when CI=true: the integration suites need it`);
  const url = given || DEFAULTS[variable];
  if (!given) console.log(`${variable} is not set: using ${url}`);
  if (await reachable(url)) return url;
  const message = `${variable}=${url} is not reachable`;
  if (given || ci) throw new Error(message);
  console.log(`${message}: skipping this suite`);
  return undefined;
}
