import { z } from "zod";
import { optionalText } from "#shared/fields.ts";
import { parseAuditSearch } from "#web/lib/audit-search.ts";
import { rootRoute, screenRoute, signedInRoute } from "#web/lib/layout-routes.tsx";
import { lazyLoad } from "#web/lib/lazy-load.ts";
import { searchParams } from "#web/lib/search-params.ts";
import { parseInvitationsSearch, parseMembersSearch, parseTeamsSearch } from "./lib/list-search.ts";

const ActivityPage = lazyLoad(() => import("./components/activity-page.tsx").then((m) => m.ActivityPage));
const DomainsPage = lazyLoad(() => import("./components/domains-page.tsx").then((m) => m.DomainsPage));
const WebhooksPage = lazyLoad(() => import("./components/webhooks-page.tsx").then((m) => m.WebhooksPage));
const SsoPage = lazyLoad(() => import("./components/sso-page.tsx").then((m) => m.SsoPage));
const SsoTestPage = lazyLoad(() => import("./components/sso-test-page.tsx").then((m) => m.SsoTestPage));
const ApiKeysPage = lazyLoad(() => import("./components/api-keys-page.tsx").then((m) => m.ApiKeysPage));
const AcceptInvitationPage = lazyLoad(() =>
  import("./components/accept-invitation-page.tsx").then((m) => m.AcceptInvitationPage),
);
const JoinLinkPage = lazyLoad(() => import("./components/join-link-page.tsx").then((m) => m.JoinLinkPage));
const CreateOrganizationPage = lazyLoad(() =>
  import("./components/create-organization-page.tsx").then((m) => m.CreateOrganizationPage),
);
const InvitationsPage = lazyLoad(() =>
  import("./components/invitations-page.tsx").then((m) => m.InvitationsPage),
);
const MembersPage = lazyLoad(() => import("./components/members-page.tsx").then((m) => m.MembersPage));
const MyInvitationsPage = lazyLoad(() =>
  import("./components/my-invitations-page.tsx").then((m) => m.MyInvitationsPage),
);
const OrganizationLayout = lazyLoad(() =>
  import("./components/organization-layout.tsx").then((m) => m.OrganizationLayout),
);
const OrganizationsPage = lazyLoad(() =>
  import("./components/organizations-page.tsx").then((m) => m.OrganizationsPage),
);
const OverviewPage = lazyLoad(() => import("./components/overview-page.tsx").then((m) => m.OverviewPage));
const SettingsPage = lazyLoad(() => import("./components/settings-page.tsx").then((m) => m.SettingsPage));
const OwnershipAcceptPage = lazyLoad(() =>
  import("./components/ownership-accept-page.tsx").then((m) => m.OwnershipAcceptPage),
);
const RolesPage = lazyLoad(() => import("./components/roles-page.tsx").then((m) => m.RolesPage));
const TeamsPage = lazyLoad(() => import("./components/teams-page.tsx").then((m) => m.TeamsPage));

const organizationsRoute = screenRoute(signedInRoute, "/organizations", OrganizationsPage);

const createOrganizationRoute = screenRoute(signedInRoute, "/organizations/new", CreateOrganizationPage);

const organizationRoute = screenRoute(signedInRoute, "/org/$slug", OrganizationLayout);

const overviewRoute = screenRoute(organizationRoute, "/", OverviewPage);

const membersRoute = screenRoute(organizationRoute, "/members", MembersPage, parseMembersSearch);

const invitationsRoute = screenRoute(
  organizationRoute,
  "/invitations",
  InvitationsPage,
  parseInvitationsSearch,
);

const teamsRoute = screenRoute(organizationRoute, "/teams", TeamsPage, parseTeamsSearch);

const rolesRoute = screenRoute(organizationRoute, "/roles", RolesPage);

const settingsRoute = screenRoute(organizationRoute, "/settings", SettingsPage);

const apiKeysRoute = screenRoute(organizationRoute, "/api-keys", ApiKeysPage);

const activityRoute = screenRoute(organizationRoute, "/activity", ActivityPage, parseAuditSearch);

const webhooksRoute = screenRoute(organizationRoute, "/webhooks", WebhooksPage);

const domainsRoute = screenRoute(organizationRoute, "/domains", DomainsPage);

// Enterprise single sign-on and directory sync (issue 19).
const ssoRoute = screenRoute(organizationRoute, "/sso", SsoPage);

// Where a test sign-in's tab lands (ssoTestResultPath): open to anyone, the result query checks the owner.
const ssoTestRoute = screenRoute(
  rootRoute,
  "/sso-test",
  SsoTestPage,
  searchParams(z.object({ organizationId: optionalText, testId: optionalText, error: optionalText })),
);
// Ownership transfer's mailed link (decision 35): signed in first, then accepted by a click.
const ownershipAcceptRoute = screenRoute(
  signedInRoute,
  "/ownership/accept",
  OwnershipAcceptPage,
  searchParams(z.object({ token: optionalText })),
);

const myInvitationsRoute = screenRoute(signedInRoute, "/invitations", MyInvitationsPage);

// Open to anyone: the landing explains the invitation and offers sign-in or sign-up.
const acceptInvitationRoute = screenRoute(
  rootRoute,
  "/accept-invitation/$id",
  AcceptInvitationPage,
  searchParams(z.object({ error: optionalText, proof: optionalText })),
);

// Invite links (issue 18): open to anyone, like an invitation's landing; the token is the last segment.
const joinLinkRoute = screenRoute(rootRoute, "/join/$token", JoinLinkPage);

export const signedInOrganizationRoutes = [
  organizationsRoute,
  createOrganizationRoute,
  organizationRoute.addChildren([
    overviewRoute,
    membersRoute,
    invitationsRoute,
    teamsRoute,
    rolesRoute,
    settingsRoute,
    apiKeysRoute,
    activityRoute,
    webhooksRoute,
    domainsRoute,
    ssoRoute,
  ]),
  myInvitationsRoute,
  ownershipAcceptRoute,
];
export const publicOrganizationRoutes = [acceptInvitationRoute, joinLinkRoute, ssoTestRoute];
