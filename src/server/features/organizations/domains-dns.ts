import { randomBytes } from "node:crypto";
import { Resolver } from "node:dns/promises";

/** The name of the TXT record that proves control of a domain. */
export function challengeName(domain: string): string {
  return `_gatehouse-challenge.${domain}`;
}

/** A fresh random value for a domain's TXT record. */
export function challengeToken(): string {
  return `gatehouse-verification=${randomBytes(24).toString("base64url")}`;
}

export type TxtLookup = (name: string) => Promise<{ values: string[] } | { problem: string }>;

/**
 * TXT lookups through node:dns's own resolver (never a library's): the servers of DNS_SERVERS
 * (host[:port], tests point it at a loopback server), else the system's. Each record's strings are joined,
 * as RFC 7208 reads a long value split in 255-octet chunks.
 */
export function txtLookup(servers: readonly string[]): TxtLookup {
  return async (name) => {
    const resolver = new Resolver({ timeout: 3000, tries: 2 });
    if (servers.length > 0) resolver.setServers([...servers]);
    try {
      const records = await resolver.resolveTxt(name);
      return { values: records.map((chunks) => chunks.join("")) };
    } catch (error) {
      const code = (error as { code?: string }).code ?? "";
      if (code === "ENOTFOUND" || code === "ENODATA") return { problem: `No TXT record found at ${name}` };
      return { problem: `The DNS lookup of ${name} failed (${code || "error"}); try again later` };
    }
  };
}
