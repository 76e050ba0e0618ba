import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import type { TestApp } from "./test-app.ts";

/** One request a receiver got. */
export interface ReceivedWebhook {
  id: string;
  timestamp: string;
  signature: string;
  headers: IncomingHttpHeaders;
  /** The request's path and query. */
  path: string;
  body: string;
  at: number;
}

export interface WebhookReceiver {
  /** http://127.0.0.1:<port>/hook */
  url: string;
  port: number;
  received: ReceivedWebhook[];
  /** The status to answer the next request with (and optionally a body and a delay); 200 by default. */
  respond: (hit: ReceivedWebhook) => {
    status: number;
    body?: string;
    delayMs?: number;
    headers?: Record<string, string>;
  };
  /** "path webhook-id" of requests for one delivery (one endpoint's path, one event) open at the same time. */
  overlaps: string[];
  /**
   * "path webhook-id" of the requests received and not answered yet. Answers are sent from this process's event
   * loop, so a sender killed in the same tick as this is read never learns how those attempts ended.
   */
  unanswered(): string[];
  /** Waits until `predicate` holds over what was received. */
  waitFor(predicate: (received: ReceivedWebhook[]) => boolean, timeoutMs?: number): Promise<void>;
  /** The payload of a request, verified with `standardwebhooks` against any of `secrets` (throws if none verifies). */
  verify(hit: ReceivedWebhook, ...secrets: string[]): unknown;
  close(): Promise<void>;
}

/**
 * A real HTTP receiver on 127.0.0.1 (node:http), as a customer's backend would run one. It records every
 * request, answers as `respond` says, and notes any two requests of one webhook-id in flight together.
 */
export async function startWebhookReceiver(port = 0): Promise<WebhookReceiver> {
  const open = new Map<string, number>();
  const receiver: WebhookReceiver = {
    url: "",
    port: 0,
    received: [],
    respond: () => ({ status: 200, body: "ok" }),
    overlaps: [],
    unanswered: () => [...open].flatMap(([key, count]) => (count > 0 ? [key] : [])),
    async waitFor(predicate, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (!predicate(receiver.received)) {
        if (Date.now() > deadline)
          throw new Error(
            `receiver: condition not met in ${timeoutMs} ms (${receiver.received.length} received)`,
          );
        await new Promise((r) => setTimeout(r, 10));
      }
    },
    verify(hit, ...secrets) {
      const headers = {
        "webhook-id": hit.id,
        "webhook-timestamp": hit.timestamp,
        "webhook-signature": hit.signature,
      };
      let last: unknown;
      for (const secret of secrets) {
        try {
          return new Webhook(secret).verify(hit.body, headers);
        } catch (err) {
          last = err;
        }
      }
      throw last;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const hit: ReceivedWebhook = {
        id: String(req.headers["webhook-id"] ?? ""),
        timestamp: String(req.headers["webhook-timestamp"] ?? ""),
        signature: String(req.headers["webhook-signature"] ?? ""),
        headers: req.headers,
        path: req.url ?? "",
        body: Buffer.concat(chunks).toString("utf8"),
        at: Date.now(),
      };
      const key = `${hit.path} ${hit.id}`;
      const openNow = (open.get(key) ?? 0) + 1;
      open.set(key, openNow);
      if (openNow > 1) receiver.overlaps.push(key);
      receiver.received.push(hit);
      const answer = receiver.respond(hit);
      const reply = () => {
        open.set(key, (open.get(key) ?? 1) - 1);
        res.writeHead(answer.status, answer.headers ?? { "content-type": "text/plain" });
        res.end(answer.body ?? "");
      };
      if (answer.delayMs) setTimeout(reply, answer.delayMs);
      else reply();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  receiver.port = (server.address() as AddressInfo).port;
  receiver.url = `http://127.0.0.1:${receiver.port}/hook`;
  return receiver;
}

/** One call to /api/webhooks…: status and parsed JSON body (POST when `json` is given, else `method` or GET). */
export async function webhooksCall(
  app: TestApp,
  path: string,
  cookie: string | undefined,
  init: { method?: string; json?: unknown; headers?: Record<string, string> } = {},
  // biome-ignore lint/suspicious/noExplicitAny: tests assert on whatever JSON came back
): Promise<{ status: number; body: any }> {
  const res = await app.request(`/api/webhooks${path}`, {
    cookie,
    json: init.json,
    headers: init.headers,
    method: init.method ?? (init.json !== undefined ? "POST" : "GET"),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}
