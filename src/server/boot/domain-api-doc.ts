import { z } from "zod";
import { type ProductRouteDoc, refusal } from "#server/features/reference/document.ts";
import {
  addDomainBody,
  domainList,
  domainOffers,
  joinAnswer,
  joinRequest,
  joinRequestList,
  organizationDomain,
  updateDomainBody,
  verifyAnswer,
} from "#shared/contracts/domains.ts";

const organization = z.object({ organizationId: z.string().meta({ description: "The organization's id" }) });
const domain = organization.extend({ domainId: z.string().meta({ description: "The domain's id (dom_…)" }) });
const request = organization.extend({
  requestId: z.string().meta({ description: "The request's id (jr_…)" }),
});

/** Verified domains and join requests (features/organizations/domains-routes.ts) for the API reference. */
export function domainRouteDocs(): ProductRouteDoc[] {
  const refusals = {
    401: refusal("Not signed in"),
    403: refusal("Not an owner (or admin, where admins may), an API key, or a foreign Origin"),
    404: refusal("No such organization, domain or request (or not yours to know of)"),
  };
  const invalid = refusal("A field is invalid (INVALID_FIELD)");
  const conflict = (what: string) => refusal(what);
  const base = "/api/organizations/{organizationId}";
  return [
    {
      method: "get",
      path: `${base}/domains`,
      summary: "The organization's domains with their TXT records and join settings (owners and admins).",
      access: "user",
      params: organization,
      responses: { 200: { description: "The domains", schema: domainList }, ...refusals },
    },
    {
      method: "post",
      path: `${base}/domains`,
      summary:
        "Adds a domain (owners): a registrable hostname, not an IP nor a public suffix. Answers the TXT record to publish.",
      access: "user",
      params: organization,
      body: addDomainBody,
      responses: {
        201: { description: "The domain, unverified", schema: organizationDomain },
        400: invalid,
        409: conflict("Already added here (DOMAIN_ALREADY_ADDED) or verified by another organization"),
        ...refusals,
      },
    },
    {
      method: "post",
      path: `${base}/domains/{domainId}/verify`,
      summary:
        "Looks the TXT record up (DNS_SERVERS) and verifies the domain when it holds the value; at most 10 lookups a minute per organization.",
      access: "user",
      params: domain,
      responses: {
        200: { description: "Whether the record was found now, and the domain", schema: verifyAnswer },
        409: conflict("Another organization verified it first (DOMAIN_VERIFIED_ELSEWHERE)"),
        429: conflict("Too many lookups (TOO_MANY_REQUESTS, Retry-After)"),
        ...refusals,
      },
    },
    {
      method: "patch",
      path: `${base}/domains/{domainId}`,
      summary:
        'How people with a verified address at the domain join: "off", "auto" or "request", and their role.',
      access: "user",
      params: domain,
      body: updateDomainBody,
      responses: {
        200: { description: "The domain", schema: organizationDomain },
        400: invalid,
        409: conflict("The domain is not verified (DOMAIN_NOT_VERIFIED)"),
        ...refusals,
      },
    },
    {
      method: "delete",
      path: `${base}/domains/{domainId}`,
      summary: "Removes a domain (owners); requests waiting through it go with it.",
      access: "user",
      params: domain,
      responses: { 204: { description: "Removed" }, ...refusals },
    },
    {
      method: "get",
      path: `${base}/join-requests`,
      summary: "Pending requests to join through a verified domain (owners and admins).",
      access: "user",
      params: organization,
      responses: { 200: { description: "The requests", schema: joinRequestList }, ...refusals },
    },
    ...(["approve", "decline"] as const).map(
      (decision): ProductRouteDoc => ({
        method: "post",
        path: `${base}/join-requests/{requestId}/${decision}`,
        summary:
          decision === "approve"
            ? "Approves a request: the person becomes a member with the domain's role and is mailed."
            : "Declines a request.",
        access: "user",
        params: request,
        responses: {
          200: { description: "The request as decided", schema: joinRequest },
          403: refusals[403],
          409: conflict("Already decided, the membership limit, or the person no longer qualifies"),
          401: refusals[401],
          404: refusals[404],
        },
      }),
    ),
    {
      method: "get",
      path: "/api/domain-offers",
      summary:
        "Organizations the signed-in person may join (or ask to) through their verified email's domain.",
      access: "user",
      responses: { 200: { description: "The offers", schema: domainOffers }, 401: refusals[401] },
    },
    {
      method: "post",
      path: "/api/domain-offers/{organizationId}/join",
      summary: "Joins at once (auto-join, 201) or asks the organization's admins (202).",
      access: "user",
      params: organization,
      responses: {
        201: { description: "Joined", schema: joinAnswer },
        202: { description: "Requested", schema: joinAnswer },
        403: conflict(
          "The organization requires two-factor (TWO_FACTOR_REQUIRED_BY_ORGANIZATION), or the membership limit",
        ),
        404: conflict("No such offer for this person (DOMAIN_OFFER_NOT_FOUND)"),
        409: conflict("Already a member"),
        429: conflict("Too many attempts"),
        401: refusals[401],
      },
    },
  ];
}
