import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";

/**
 * Password hashing in better-auth's exact format (`<salt hex>:<scrypt key hex>`, scrypt N=16384 r=16 p=1, 64-byte
 * key, NFKC-normalised password, the salt's hex text as salt), so hashes move freely between the two.
 *
 * better-auth hashes on libuv's thread pool: four ~100 ms hashes then fill the four threads that file reads,
 * zlib and DNS lookups (SMTP and PostgreSQL connections) also wait for, at the event loop's own priority.
 * Here hashes run on one worker thread per core at a lower scheduling priority (nice 10, per thread on
 * Linux): idle cores still hash at full speed, the event loop gets the CPU first when it has work, and
 * the thread pool stays free. (On the 2-vCPU VM of bench/: reads during sign-ups keep ~0.55–0.6× of their
 * idle rate either way, as they do beside any busy process, even one at nice 19; sign-in comes closer to the
 * bare hash rate.)
 */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(input: { hash: string; password: string }): Promise<boolean>;
  close(): Promise<void>;
}

type Job = { op: "hash" | "verify"; password: string; hash?: string };
type Pending = Job & { resolve: (value: string | boolean) => void; reject: (err: Error) => void };

/**
 * The worker's program, as source text: the server ships as one bundled file, and a bundler rewrites a
 * function's body (its `require`s) so that it no longer runs on its own.
 */
const WORKER_SOURCE = `
const { scryptSync, randomBytes, timingSafeEqual } = require("node:crypto");
const { parentPort } = require("node:worker_threads");
try {
  require("node:os").setPriority(10);
} catch {
  // Not permitted here: hash at normal priority.
}
const key = (password, salt) =>
  scryptSync(password.normalize("NFKC"), salt, 64, { N: 16384, r: 16, p: 1, maxmem: 128 * 16384 * 16 * 2 });
parentPort.on("message", (job) => {
  try {
    if (job.op === "hash") {
      const salt = randomBytes(16).toString("hex");
      parentPort.postMessage({ value: salt + ":" + key(job.password, salt).toString("hex") });
      return;
    }
    const [salt, expected] = String(job.hash).split(":");
    if (!salt || !expected) throw new Error("Invalid password hash");
    const actual = key(job.password, salt);
    const stored = Buffer.from(expected, "hex");
    parentPort.postMessage({ value: stored.length === actual.length && timingSafeEqual(stored, actual) });
  } catch (err) {
    parentPort.postMessage({ error: err instanceof Error ? err.message : String(err) });
  }
});
`;

export function createPasswordHasher(threads = availableParallelism()): PasswordHasher {
  const queue: Pending[] = [];
  const idle: Worker[] = [];
  const busy = new Map<Worker, Pending>();
  let workers: Worker[] | undefined;

  function start(): Worker {
    const worker = new Worker(WORKER_SOURCE, { eval: true });
    worker.unref();
    let served = false;
    worker.on("message", (result: { value?: string | boolean; error?: string }) => {
      served = true;
      const job = busy.get(worker);
      busy.delete(worker);
      if (job) {
        if (result.error !== undefined) job.reject(new Error(result.error));
        else job.resolve(result.value as string | boolean);
      }
      idle.push(worker);
      next();
    });
    worker.on("error", (err) => {
      // A dying worker takes only its own job with it. One that had worked is replaced; if none is left
      // (they could not start), queued jobs fail rather than wait, and the next job starts afresh.
      busy.get(worker)?.reject(err);
      busy.delete(worker);
      if (!workers) return;
      workers = workers.filter((w) => w !== worker);
      idle.splice(0, idle.length, ...idle.filter((w) => w !== worker));
      if (served) {
        const replacement = start();
        workers.push(replacement);
        idle.push(replacement);
        next();
      } else if (workers.length === 0) {
        workers = undefined;
        for (const job of queue.splice(0)) job.reject(err);
      }
    });
    return worker;
  }

  function next() {
    while (idle.length > 0 && queue.length > 0) {
      const worker = idle.pop() as Worker;
      const job = queue.shift() as Pending;
      busy.set(worker, job);
      worker.postMessage({ op: job.op, password: job.password, hash: job.hash });
    }
  }

  function run(job: Job): Promise<string | boolean> {
    if (!workers) {
      workers = Array.from({ length: Math.max(1, threads) }, start);
      idle.push(...workers);
    }
    return new Promise((resolve, reject) => {
      queue.push({ ...job, resolve, reject });
      next();
    });
  }

  return {
    hash: (password) => run({ op: "hash", password }) as Promise<string>,
    verify: ({ hash, password }) => run({ op: "verify", password, hash }) as Promise<boolean>,
    async close() {
      const all = workers ?? [];
      workers = undefined;
      idle.length = 0;
      for (const job of queue.splice(0)) job.reject(new Error("password hashing stopped"));
      await Promise.all(all.map((w) => w.terminate()));
    },
  };
}
