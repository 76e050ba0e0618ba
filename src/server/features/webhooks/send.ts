import { lookup } from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { isRefusedAddress, literalAddress } from "./addresses.ts";

/** The whole attempt (address lookup, connection, answer) ends after this long. */
export const ATTEMPT_TIMEOUT_MS = 10_000;
/** What is kept of a receiver's answer. */
export const RESPONSE_BODY_MAX = 1024;

export interface SendPolicy {
  allowHttp: boolean;
  allowPrivate: boolean;
}

export interface SendResult {
  ok: boolean;
  /** The receiver's HTTP status; null when none came. */
  status: number | null;
  /** At most RESPONSE_BODY_MAX bytes of its answer. */
  body: string | null;
  /** Why the attempt failed. */
  error: string | null;
}

/** Why a URL cannot be a webhook endpoint under this policy, before any lookup; undefined when it can. */
export function urlRefusal(raw: string, policy: SendPolicy): string | undefined {
  if (!URL.canParse(raw)) return "not a URL";
  const url = new URL(raw);
  if (url.protocol !== "https:" && url.protocol !== "http:") return "only https:// URLs";
  if (url.protocol === "http:" && !policy.allowHttp) return "only https:// URLs (WEBHOOK_ALLOW_HTTP is off)";
  if (url.username || url.password) return "no user name or password in the URL; use the signature";
  const literal = literalAddress(url);
  // A name is checked after it is resolved, at every attempt (checkedAddress); an address right away.
  if (!policy.allowPrivate && literal && isRefusedAddress(literal))
    return "a private, loopback or link-local address (WEBHOOK_ALLOW_PRIVATE is off)";
  return undefined;
}

/**
 * Kept-alive connections of one worker, one pool per endpoint origin and checked address: a receiver hears
 * many events, and a new TCP (and TLS) connection for each costs more than the request. A socket is reused
 * only for the address it was opened to, which was checked then.
 */
export function createConnections(max = 200, timeoutMs = ATTEMPT_TIMEOUT_MS) {
  const agents = new Map<string, http.Agent>();
  const close = () => {
    for (const agent of agents.values()) agent.destroy();
    agents.clear();
  };
  return {
    agentFor(url: URL, address: string): http.Agent {
      const key = `${url.protocol}//${url.host}|${address}`;
      let agent = agents.get(key);
      if (!agent) {
        if (agents.size >= max) close();
        const options = { keepAlive: true, timeout: timeoutMs };
        agent = url.protocol === "https:" ? new https.Agent(options) : new http.Agent(options);
        agents.set(key, agent);
      }
      return agent;
    },
    close,
  };
}
export type Connections = ReturnType<typeof createConnections>;

/**
 * The address to connect to: looked up now, every address checked, the first one used. Also the guard of
 * SSO metadata URLs (features/sso/metadata-url.ts).
 */
export async function checkedAddress(
  url: URL,
  policy: SendPolicy,
): Promise<{ address: string; family: number }> {
  const literal = literalAddress(url);
  const found = literal
    ? [{ address: literal, family: literal.includes(":") ? 6 : 4 }]
    : await lookup(url.hostname, { all: true, verbatim: true });
  const first = found[0];
  if (!first) throw new Error(`no address for ${url.hostname}`);
  if (!policy.allowPrivate) {
    const bad = found.find((a) => isRefusedAddress(a.address));
    if (bad)
      throw new Error(`refused address ${bad.address} for ${url.hostname} (WEBHOOK_ALLOW_PRIVATE is off)`);
  }
  return first;
}

/**
 * POSTs one signed body. The host name is looked up on every attempt and the connection is made to the address
 * that was checked (no second lookup a DNS rebinding could answer differently); redirects are not followed
 * (a 3xx is a failure); the attempt is cut after ATTEMPT_TIMEOUT_MS.
 */
export async function sendWebhook(
  raw: string,
  body: string,
  headers: Record<string, string>,
  policy: SendPolicy,
  connections?: Connections,
  timeoutMs = ATTEMPT_TIMEOUT_MS,
): Promise<SendResult> {
  const refusal = urlRefusal(raw, policy);
  if (refusal) return { ok: false, status: null, body: null, error: `refused URL: ${refusal}` };
  const url = new URL(raw);
  let timer: NodeJS.Timeout | undefined;
  let request: http.ClientRequest | undefined;
  const timeout = new Promise<SendResult>((resolve) => {
    timer = setTimeout(() => {
      request?.destroy();
      resolve({ ok: false, status: null, body: null, error: `timed out after ${timeoutMs / 1000} s` });
    }, timeoutMs);
  });
  const attempt = (async (): Promise<SendResult> => {
    const target = await checkedAddress(url, policy);
    const pinned: LookupFunction = (_host, options, callback) => {
      if (options.all) callback(null, [target]);
      else callback(null, target.address, target.family);
    };
    return new Promise<SendResult>((resolve, reject) => {
      const transport = url.protocol === "https:" ? https : http;
      request = transport.request(url, {
        method: "POST",
        agent: connections ? connections.agentFor(url, target.address) : false,
        lookup: pinned,
        headers: {
          ...headers,
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
          "user-agent": "Gatehouse-Webhooks/1",
        },
      });
      request.on("error", reject);
      request.on("response", (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const finish = () => {
          const status = res.statusCode ?? 0;
          const text = Buffer.concat(chunks).subarray(0, RESPONSE_BODY_MAX).toString("utf8");
          const ok = status >= 200 && status < 300;
          const error = ok
            ? null
            : status >= 300 && status < 400
              ? `redirect ${status} (not followed)`
              : `HTTP ${status}`;
          resolve({ ok, status, body: text, error });
        };
        res.on("data", (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.length;
          // The rest is not read: the connection is dropped rather than kept for the next request.
          if (size > RESPONSE_BODY_MAX) {
            finish();
            res.destroy();
          }
        });
        res.on("end", finish);
        res.on("error", finish);
      });
      request.end(body);
    });
  })();
  try {
    return await Promise.race([
      attempt.catch(
        (err: Error): SendResult => ({ ok: false, status: null, body: null, error: errorText(err) }),
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

function errorText(err: Error & { code?: string }): string {
  return err.code && !err.message.includes(err.code) ? `${err.code}: ${err.message}` : err.message;
}
