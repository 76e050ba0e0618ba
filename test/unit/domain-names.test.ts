import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "#server/boot/config.ts";
import { domainName } from "#shared/contracts/domains.ts";

const dir = mkdtempSync(join(tmpdir(), "gatehouse-domains-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("domain names an organization may claim, and DNS_SERVERS", () => {
  it("accepts registrable hostnames, normalised: trimmed, lower-cased, no trailing dot", () => {
    expect(domainName.parse(" Acme.COM. ")).toBe("acme.com");
    for (const ok of ["acme.co.uk", "mail.acme.com", "xn--bcher-kva.example", "a-b.io", "acme.test"])
      expect(domainName.safeParse(ok).success, ok).toBe(true);
  });

  it("refuses single labels, public suffixes of the built-in list, IP addresses and non-hostnames", () => {
    for (const bad of [
      "com",
      "co.uk",
      "github.io",
      "10.0.0.1",
      "[::1]",
      "2001:db8::1",
      "acme..com",
      "-acme.com",
      "acme-.com",
      "acme_x.com",
      "acme.123",
      "ac me.com",
      `${"a".repeat(64)}.com`,
      "",
    ])
      expect(domainName.safeParse(bad).success, bad).toBe(false);
  });

  it("reads DNS_SERVERS as IP[:port] entries and names the variable for anything else", () => {
    expect(loadConfig({ DATA_DIR: dir }).dnsServers).toEqual([]);
    expect(
      loadConfig({ DATA_DIR: dir, DNS_SERVERS: "127.0.0.1:5353, 1.1.1.1,[::1]:53,::1" }).dnsServers,
    ).toEqual(["127.0.0.1:5353", "1.1.1.1", "[::1]:53", "::1"]);
    for (const bad of ["dns.example.com", "127.0.0.1:0", "127.0.0.1:70000", "999.1.1.1"]) {
      expect(() => loadConfig({ DATA_DIR: dir, DNS_SERVERS: bad }), bad).toThrow(ConfigError);
      expect(() => loadConfig({ DATA_DIR: dir, DNS_SERVERS: bad }), bad).toThrow(/^DNS_SERVERS: /);
    }
  });
});
