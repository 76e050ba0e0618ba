import { BlockList, isIP } from "node:net";

/**
 * Addresses no webhook may reach without WEBHOOK_ALLOW_PRIVATE: this host, private networks, link-local
 * (cloud metadata at 169.254.169.254), carrier-grade NAT (100.100.100.200), unique-local IPv6 (fd00:ec2::254),
 * and ranges that are not the public internet (documentation, benchmarking, multicast, reserved).
 */
const refused = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  refused.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["64:ff9b:1::", 48],
  ["100::", 64],
  ["2001:db8::", 32],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
] as const) {
  refused.addSubnet(network, prefix, "ipv6");
}

/** The IPv4 address inside an IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible or NAT64 (64:ff9b::/96) one. */
function embeddedIPv4(address: string): string | undefined {
  const lower = address.toLowerCase();
  const dotted = lower.match(/^(?:::ffff:|::|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/);
  if (dotted) return dotted[1];
  const hex = lower.match(/^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/);
  if (!hex) return undefined;
  const high = Number.parseInt(hex[1] as string, 16);
  const low = Number.parseInt(hex[2] as string, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join(".");
}

/** True when a webhook may not be sent to this IP address (unless WEBHOOK_ALLOW_PRIVATE). */
export function isRefusedAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return refused.check(address, "ipv4");
  if (family !== 6) return true;
  const inner = embeddedIPv4(address);
  if (inner) return refused.check(inner, "ipv4");
  return refused.check(address, "ipv6");
}

/** The host of a URL as an IP literal (brackets of IPv6 removed), or undefined for a name. */
export function literalAddress(url: URL): string | undefined {
  const host = url.hostname.replace(/^\[|\]$/g, "");
  return isIP(host) ? host : undefined;
}
