import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { expect } from "vitest";

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  body: string;
  /** The parsed payload: `{ type, timestamp, data }`. */
  // biome-ignore lint/suspicious/noExplicitAny: journeys assert on whatever the payload holds
  payload: any;
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedWebhook[];
  /** The first delivery (already in or still to come) whose payload type is `type`. */
  waitFor(type: string, count?: number): Promise<ReceivedWebhook[]>;
  close(): Promise<void>;
}

/** A real HTTP receiver on 127.0.0.1 that answers 200 and keeps what it was sent. */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      let payload: unknown = null;
      try {
        payload = JSON.parse(body);
      } catch {
        payload = null;
      }
      received.push({ headers: request.headers, body, payload });
      response.writeHead(200, { "content-type": "text/plain" }).end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const ofType = (type: string) => received.filter((r) => r.payload?.type === type);
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    async waitFor(type, count = 1) {
      await expect.poll(() => ofType(type).length, { timeout: 20_000 }).toBeGreaterThanOrEqual(count);
      return ofType(type);
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
