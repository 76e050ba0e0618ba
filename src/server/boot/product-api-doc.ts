import { z } from "zod";
import { bulkInviteRouteDocs } from "#server/boot/bulk-invite-api-doc.ts";
import type { Config } from "#server/boot/config.ts";
import { domainRouteDocs } from "#server/boot/domain-api-doc.ts";
import { scimRouteDocs } from "#server/boot/scim-api-doc.ts";
import { ssoRouteDocs } from "#server/boot/sso-api-doc.ts";
import { webhookRouteDocs } from "#server/boot/webhook-api-doc.ts";
import { PAGE } from "#server/features/organizations/paging.ts";
import { type AuthQueryDoc, type ProductRouteDoc, refusal } from "#server/features/reference/document.ts";
import {
  adminOverviewAnswer,
  adminOverviewParams,
  adminResetTwoFactorAnswer,
} from "#shared/contracts/admin-overview.ts";
import {
  applicationDisabledBody,
  applicationParams,
  applicationSummary,
  applicationsAnswer,
  applicationsParams,
  connectedAppsAnswer,
} from "#shared/contracts/applications.ts";
import { auditPage, auditQuery } from "#shared/contracts/audit.ts";
import { configAnswer } from "#shared/contracts/config.ts";
import { healthAnswer, readyAnswer } from "#shared/contracts/health.ts";
import { invitationsParams, membersParams, pageParams } from "#shared/contracts/organizations.ts";
import { outboxAnswer } from "#shared/contracts/outbox.ts";

/** The picture route's path parameters. */
const pictureParams = z.object({
  userId: z.string().meta({ description: "The user's id (the `sub` claim)" }),
  version: z.string().meta({ description: "Drawn from the picture: a changed picture has another" }),
});

/**
 * The auth API's lists Gatehouse answers itself (features/organizations/overrides), with the query they read, for
 * the API reference: better-auth's description of list-members offers filterField, filterValue and filterOperator,
 * which the override does not read, and lacks search, twoFactor and notInTeam; the other lists lack their paging.
 */
export function authQueryDocs(): Record<string, AuthQueryDoc> {
  const organization = {
    organizationId: "The organization; the session's active one by default.",
    organizationSlug: "The organization by its slug, instead of its id.",
  };
  // These lists answer arrays, as better-auth's do, with the whole count in a header.
  const page = (what: string) => ({
    limit: `${what} per page, 1–${PAGE.maxLimit} (default ${PAGE.maxLimit}); the whole count is in X-Total-Count.`,
    offset: `How many ${what.toLowerCase()} to skip (default 0).`,
  });
  const byOrganization = z.object({ organizationId: z.string(), organizationSlug: z.string() }).partial();
  return {
    "/organization/list-members": {
      query: membersParams.partial().extend(byOrganization.shape),
      descriptions: {
        // The answer is an object that carries its total, not an array.
        limit: `Members per page, 1–${PAGE.maxLimit} (default ${PAGE.defaultLimit}).`,
        offset: "How many members to skip (default 0).",
        search: "Part of a member's name or email, in any case.",
        sortBy: "The order: join order (createdAt) by default, the cheapest on a large organization.",
        sortDirection: "asc (default) or desc.",
        twoFactor: "Owners only: `missing` lists the members who have neither two-factor nor a passkey.",
        notInTeam:
          "A team of the organization: only the members who are not in it (400 TEAM_NOT_FOUND otherwise).",
        ...organization,
      },
    },
    "/organization/list-invitations": {
      query: invitationsParams.partial().extend(byOrganization.shape),
      descriptions: {
        ...page("Invitations"),
        status: "Only the invitations in this state.",
        ...organization,
      },
    },
    "/organization/list-teams": {
      query: pageParams.partial().extend(byOrganization.shape),
      descriptions: { ...page("Teams"), ...organization },
    },
    "/organization/list-team-members": {
      query: pageParams.partial().extend({ teamId: z.string().optional() }),
      descriptions: {
        ...page("Members"),
        teamId: "The team; the session's active team by default.",
      },
    },
  };
}

/**
 * What the routes of productApi() (boot/product-api.ts) serve, for the API reference (features/reference):
 * described with the same zod contracts the server and the web app use. A route added to productApi() goes
 * here too; test/api/api-reference.test.ts fails on an /api route the reference does not list.
 */
export function productRouteDocs(config: Config): ProductRouteDoc[] {
  const routes: ProductRouteDoc[] = [
    {
      method: "get",
      path: "/api/config",
      summary:
        "Public facts the web app needs before anyone signs in: app name, social providers, password limits.",
      access: "public",
      responses: { 200: { description: "The configuration", schema: configAnswer } },
    },
    {
      method: "get",
      path: "/api/health",
      summary: 'Liveness: the process answers. For a load balancer\'s "restart me" check.',
      access: "public",
      responses: { 200: { description: "Alive", schema: healthAnswer } },
    },
    {
      method: "get",
      path: "/api/ready",
      summary: 'Readiness: the database (and Redis, when configured) answer. For "send me traffic".',
      access: "public",
      responses: {
        200: { description: "Ready", schema: readyAnswer },
        503: { description: "A backing service does not answer; `reason` names it", schema: readyAnswer },
      },
    },
    {
      method: "get",
      path: "/api/admin/users/{id}/overview",
      summary: "One user's linked accounts (never their tokens) and organizations with the user's roles.",
      access: "admin",
      params: adminOverviewParams,
      responses: {
        200: { description: "The overview", schema: adminOverviewAnswer },
        401: refusal("Not signed in"),
        403: refusal("Not an admin"),
        404: refusal("No such user"),
      },
    },
    {
      method: "post",
      path: "/api/admin/users/{id}/reset-two-factor",
      summary:
        "Turns a user's two-factor off: removes their authenticator secret, backup codes and trusted devices, logs it and mails the user. Passkeys stay.",
      access: "admin",
      params: adminOverviewParams,
      responses: {
        200: { description: "What was removed", schema: adminResetTwoFactorAnswer },
        401: refusal("Not signed in"),
        403: refusal("Not an admin"),
        404: refusal("No such user"),
      },
    },
    {
      method: "get",
      path: "/api/admin/applications",
      summary:
        "Every app registered with the OpenID provider, newest first, paged (limit 1–100, default 20); never a secret.",
      access: "admin",
      query: applicationsParams,
      responses: {
        200: { description: "One page of apps and the total", schema: applicationsAnswer },
        400: refusal("limit or offset out of range"),
        401: refusal("Not signed in"),
        403: refusal("Not an admin, or an API key"),
      },
    },
    {
      method: "get",
      path: "/api/admin/applications/{clientId}",
      summary: "One registered app, by client id; never its secret.",
      access: "admin",
      params: applicationParams,
      responses: {
        200: { description: "The app", schema: applicationSummary },
        401: refusal("Not signed in"),
        403: refusal("Not an admin, or an API key"),
        404: refusal("No such app"),
      },
    },
    {
      method: "post",
      path: "/api/admin/applications/{clientId}/disabled",
      summary: "Disables an app (no sign-ins, no tokens) or enables it again.",
      access: "admin",
      params: applicationParams,
      body: applicationDisabledBody,
      responses: {
        200: { description: "The app as it is now", schema: applicationSummary },
        400: refusal("`disabled` is not a boolean"),
        401: refusal("Not signed in"),
        403: refusal("Not an admin, or an API key"),
        404: refusal("No such app"),
      },
    },
    {
      method: "get",
      path: "/api/account/connected-apps",
      summary:
        "The apps the signed-in person allowed, with their scopes and last use; revoke one with POST /api/auth/oauth2/delete-consent.",
      access: "user",
      responses: {
        200: { description: "The connected apps", schema: connectedAppsAnswer },
        401: refusal("Not signed in"),
        403: refusal("An API key"),
      },
    },
    {
      method: "get",
      path: "/api/pictures/users/{userId}/{version}",
      summary:
        "A person's uploaded picture (PNG, JPEG or WebP), at the URL the `picture` claim of ID tokens, userinfo and /api/auth/token names. The version changes with the picture; an answer may be cached for a year.",
      access: "public",
      params: pictureParams,
      responses: {
        200: { description: "The picture (image/png, image/jpeg or image/webp)", contentType: "image/*" },
        404: refusal("No such user, no uploaded picture, or an older version"),
      },
    },
    ...webhookRouteDocs(),
    // Bulk invitations and exports (issue 18, decision 34).
    ...bulkInviteRouteDocs(),
    // Verified domains and join requests (issue 18).
    ...domainRouteDocs(),
    // Single sign-on connections (issue 19).
    ...ssoRouteDocs(),
    // SCIM connections (issue 19, decision 38).
    ...scimRouteDocs(),
    {
      method: "get",
      path: "/api/audit",
      summary:
        "The audit log, newest first: one organization's events (its owners and admins, with organizationId) or every event (admins, who may search with q). Filters: actorId, action (one, or a family ending with '.'), from (inclusive) and to (exclusive). Accept: text/csv answers every matching event as CSV (at most 50 000 rows; X-Export-Capped: true when there were more).",
      access: "user",
      query: auditQuery,
      responses: {
        200: { description: "A page; nextCursor is null on the last", schema: auditPage },
        400: refusal("A bad filter or cursor (INVALID_FIELD, INVALID_CURSOR)"),
        401: refusal("Not signed in"),
        403: refusal(
          "An API key, an outsider or a member who is not an owner or admin, or a non-admin without organizationId or with q",
        ),
      },
    },
    {
      method: "get",
      path: "/api/account/activity",
      summary:
        "The signed-in person's own activity: what they did and what was done to their account (sign-ins, refused ones included, sessions, security changes), newest first; the same filters (not organizationId nor q) and CSV as /api/audit.",
      access: "user",
      query: auditQuery.omit({ organizationId: true, q: true }),
      responses: {
        200: { description: "A page; nextCursor is null on the last", schema: auditPage },
        400: refusal("A bad filter or cursor"),
        401: refusal("Not signed in"),
        403: refusal("An API key"),
      },
    },
    {
      method: "get",
      path: "/api/openapi.json",
      summary: "This document: the auth API and the product routes, OpenAPI 3.1.",
      access: "public",
      responses: { 200: { description: "The OpenAPI document" } },
    },
    {
      method: "get",
      path: "/api/reference",
      summary: "This document as a readable page (HTML, no scripts).",
      access: "public",
      responses: { 200: { description: "The reference page", contentType: "text/html" } },
    },
  ];
  // The outbox holds mailed links: listed only where it is open to anyone (no SMTP, outside production).
  // In production it answers signed-in admins only and is not advertised (decision 20).
  if (config.outboxEnabled && !config.isProduction) {
    routes.push({
      method: "get",
      path: "/api/dev/outbox",
      summary:
        "Development outbox: the latest 200 mails kept instead of being sent (no SMTP_URL), newest first.",
      access: "public",
      responses: { 200: { description: "The mails", schema: outboxAnswer } },
    });
  }
  return routes;
}
