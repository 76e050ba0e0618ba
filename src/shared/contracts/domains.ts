import { z } from "zod";
import { fieldWords } from "#shared/fields.ts";

/**
 * Verified domains and join requests (issue 18, decision 36): the API contracts of
 * /api/organizations/:organizationId/domains, …/join-requests and /api/domain-offers.
 */

/**
 * Public suffixes of more than one label that a domain may not be by itself (a small built-in list, not the
 * whole Public Suffix List): "co.uk" is refused, "acme.co.uk" accepted. Every single label ("com") is refused.
 */
export const MULTI_PART_SUFFIXES: ReadonlySet<string> = new Set([
  "co.uk",
  "org.uk",
  "ac.uk",
  "gov.uk",
  "me.uk",
  "ltd.uk",
  "plc.uk",
  "net.uk",
  "com.au",
  "net.au",
  "org.au",
  "edu.au",
  "gov.au",
  "co.nz",
  "org.nz",
  "net.nz",
  "co.jp",
  "ne.jp",
  "or.jp",
  "ac.jp",
  "co.kr",
  "or.kr",
  "com.br",
  "net.br",
  "org.br",
  "com.cn",
  "net.cn",
  "org.cn",
  "com.mx",
  "com.ar",
  "com.tr",
  "co.in",
  "net.in",
  "org.in",
  "co.za",
  "org.za",
  "com.sg",
  "com.hk",
  "com.tw",
  "co.il",
  "github.io",
  "gitlab.io",
  "herokuapp.com",
  "vercel.app",
  "netlify.app",
  "pages.dev",
  "blogspot.com",
]);

const DOMAIN_MAX = 253;
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** Why a (lower-cased, trimmed) name is not a domain an organization may claim; undefined when it is. */
function domainProblem(name: string): string | undefined {
  const words = fieldWords();
  if (name.length > DOMAIN_MAX) return words.domainTooLong(DOMAIN_MAX);
  if (/^[0-9.]+$/.test(name) || name.includes(":")) return words.domainIpAddress();
  const labels = name.split(".");
  if (labels.length < 2) return words.domainTwoLabels();
  if (!labels.every((label) => LABEL.test(label))) return words.domainHostname();
  if (/^[0-9]+$/.test(labels[labels.length - 1] ?? "")) return words.domainLetterLabel();
  if (MULTI_PART_SUFFIXES.has(name)) return words.domainPublicSuffix();
  return undefined;
}

/** One domain name, as every form and route reads it: trimmed, lower-cased, a trailing dot dropped. */
export const domainName = z
  .string()
  .max(300, { error: () => fieldWords().domainTooLong(DOMAIN_MAX) })
  .transform((v) => v.trim().toLowerCase().replace(/\.$/, ""))
  .superRefine((v, ctx) => {
    const problem = domainProblem(v);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

/** What verified colleagues may do: nothing yet, join by themselves, or ask an admin. */
export const joinMode = z.enum(["off", "auto", "request"]);
export type JoinMode = z.infer<typeof joinMode>;
/** The role people joining through a domain get: a built-in role below owner. */
export const joinRole = z.enum(["member", "admin"]);

export const addDomainBody = z.object({ domain: domainName });
export const updateDomainBody = z.object({ joinMode: joinMode.optional(), defaultRole: joinRole.optional() });
export type UpdateDomainBody = z.infer<typeof updateDomainBody>;

export const organizationParams = z.object({ organizationId: z.string().min(1).max(200) });

export const organizationDomain = z.object({
  id: z.string(),
  organizationId: z.string(),
  domain: z.string(),
  /** The TXT record to publish: its name and value. */
  record: z.object({ name: z.string(), value: z.string() }),
  /** ISO 8601 once the record was found; null before. */
  verifiedAt: z.string().nullable(),
  lastCheckedAt: z.string().nullable(),
  joinMode,
  defaultRole: joinRole,
  createdAt: z.string(),
});
export type OrganizationDomain = z.infer<typeof organizationDomain>;
export const domainList = z.object({ domains: z.array(organizationDomain) });
export type DomainList = z.infer<typeof domainList>;

/** POST …/domains/:id/verify: whether the record was found now (a found domain stays verified). */
export const verifyAnswer = z.object({
  verified: z.boolean(),
  /** Why not, when not: no TXT record at the name, another value, or the lookup failed. */
  reason: z.string().nullable(),
  domain: organizationDomain,
});
export type VerifyAnswer = z.infer<typeof verifyAnswer>;

export const joinRequestStatus = z.enum(["pending", "approved", "declined"]);
export const joinRequest = z.object({
  id: z.string(),
  organizationId: z.string(),
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  status: joinRequestStatus,
  createdAt: z.string(),
});
export type JoinRequest = z.infer<typeof joinRequest>;
export const joinRequestList = z.object({ requests: z.array(joinRequest) });
export type JoinRequestList = z.infer<typeof joinRequestList>;

/** An organization the signed-in person may join (or ask to) through their verified address. */
export const domainOffer = z.object({
  organizationId: z.string(),
  organizationName: z.string(),
  organizationSlug: z.string(),
  domain: z.string(),
  joinMode: z.enum(["auto", "request"]),
  /** A request of theirs is waiting for an admin. */
  requestPending: z.boolean(),
  /** The organization requires two-factor or a passkey, which they lack: joining is refused until then. */
  needsTwoFactor: z.boolean(),
});
export type DomainOffer = z.infer<typeof domainOffer>;
export const domainOffers = z.object({ offers: z.array(domainOffer) });
export type DomainOffers = z.infer<typeof domainOffers>;

/** POST /api/domain-offers/:organizationId/join. */
export const joinAnswer = z.object({
  status: z.enum(["joined", "requested"]),
  organizationId: z.string(),
  role: z.string().nullable(),
});
export type JoinAnswer = z.infer<typeof joinAnswer>;
