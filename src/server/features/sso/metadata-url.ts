import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { checkedAddress, type SendPolicy, urlRefusal } from "#server/features/webhooks/send.ts";
import { SAML_METADATA_MAX } from "#shared/contracts/sso.ts";

/** The whole fetch of an IdP document (lookup, connection, answer) ends after this long. */
export const METADATA_FETCH_TIMEOUT_MS = 10_000;

export type MetadataFetch = { ok: true; xml: string } | { ok: false; reason: string };

/**
 * GETs an IdP's document for an owner, server-side, under the webhooks' address policy (WEBHOOK_ALLOW_HTTP,
 * WEBHOOK_ALLOW_PRIVATE): the host is looked up once, every address checked, the connection pinned to the
 * checked one; no redirects; at most SAML_METADATA_MAX bytes; cut after METADATA_FETCH_TIMEOUT_MS. SAML metadata
 * XML (the default), or an OIDC discovery document (`accept: "application/json"`, oidc-discovery.ts).
 */
export async function fetchMetadata(
  raw: string,
  policy: SendPolicy,
  timeoutMs = METADATA_FETCH_TIMEOUT_MS,
  accept = "application/xml",
): Promise<MetadataFetch> {
  const refusal = urlRefusal(raw, policy);
  if (refusal) return { ok: false, reason: refusal.replaceAll("WEBHOOK_", "the server's WEBHOOK_") };
  const url = new URL(raw);
  let request: http.ClientRequest | undefined;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<MetadataFetch>((resolve) => {
    timer = setTimeout(() => {
      request?.destroy();
      resolve({ ok: false, reason: `no answer within ${timeoutMs / 1000} s` });
    }, timeoutMs);
  });
  const attempt = (async (): Promise<MetadataFetch> => {
    const target = await checkedAddress(url, policy);
    const pinned: LookupFunction = (_host, options, callback) => {
      if (options.all) callback(null, [target]);
      else callback(null, target.address, target.family);
    };
    return new Promise<MetadataFetch>((resolve, reject) => {
      const transport = url.protocol === "https:" ? https : http;
      request = transport.get(url, { agent: false, lookup: pinned, headers: { accept } });
      request.on("error", reject);
      request.on("response", (res) => {
        const status = res.statusCode ?? 0;
        if (status < 200 || status >= 300) {
          res.resume();
          resolve({
            ok: false,
            reason: status >= 300 && status < 400 ? "a redirect (not followed)" : `HTTP ${status}`,
          });
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > SAML_METADATA_MAX) {
            request?.destroy();
            resolve({ ok: false, reason: `larger than ${SAML_METADATA_MAX / 1024} KB` });
            return;
          }
          chunks.push(chunk);
        });
        res.on("end", () => resolve({ ok: true, xml: Buffer.concat(chunks).toString("utf8") }));
        res.on("error", reject);
      });
    });
  })().catch((error: unknown): MetadataFetch => ({ ok: false, reason: (error as Error).message }));
  try {
    return await Promise.race([attempt, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
