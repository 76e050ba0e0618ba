import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { serverCommand } from "./server-bundle.ts";

export interface SpawnedServer {
  url: string;
  proc: ChildProcess;
  output: () => string;
  /** Sends a signal and waits for the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

const ROOT = new URL("../..", import.meta.url).pathname;

/** Runs the server (the source, bundled: serverCommand) or `npm start`, on a free port, and waits until it listens. */
export async function spawnServer(
  env: Record<string, string>,
  { command, timeoutMs = 60_000 }: { command?: string[]; timeoutMs?: number } = {},
): Promise<SpawnedServer> {
  const [bin, ...args] = (command ?? (await serverCommand())) as [string, ...string[]];
  const proc = spawn(bin, args, {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      HOST: "127.0.0.1",
      PORT: "0",
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
    // Its own process group, so stop() reaches the server itself behind `npm start` (npm and its shell
    // do not pass SIGTERM on: e2e runs used to leave their servers running).
    detached: true,
  });
  let out = "";
  proc.stdout?.on("data", (d) => {
    out += d;
  });
  proc.stderr?.on("data", (d) => {
    out += d;
  });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server did not start in ${timeoutMs} ms:\n${out}`)),
      timeoutMs,
    );
    const onData = () => {
      const m = out.match(/running at (http:\/\/[^\s]+)/);
      if (m?.[1]) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    };
    proc.stdout?.on("data", onData);
    proc.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${out}`));
    });
  });
  return {
    url,
    proc,
    output: () => out,
    async stop(signal = "SIGTERM") {
      if (proc.exitCode !== null) return proc.exitCode;
      const exited = once(proc, "exit");
      try {
        process.kill(-(proc.pid as number), signal);
      } catch {
        proc.kill(signal);
      }
      const [code] = await exited;
      return code as number | null;
    },
  };
}

/** Runs the server expecting it to refuse to start; returns its exit code and stderr. */
export async function expectStartFailure(env: Record<string, string>) {
  const [bin, ...args] = (await serverCommand()) as [string, ...string[]];
  const proc = spawn(bin, args, {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", HOST: "127.0.0.1", PORT: "0", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  proc.stderr?.on("data", (d) => {
    stderr += d;
  });
  const [code] = await once(proc, "exit");
  return { code: code as number | null, stderr };
}
