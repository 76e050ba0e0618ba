import { createRoute } from "@tanstack/react-router";
import { z } from "zod";
import { optionalText } from "#shared/fields.ts";
import { rootRoute, signedInRoute } from "#web/lib/layout-routes.tsx";
import { lazyLoad } from "#web/lib/lazy-load.ts";
import { searchParams } from "#web/lib/search-params.ts";
import { parseInvitationsSearch, parseMembersSearch, parseTeamsSearch } from "./lib/list-search.ts";

const AcceptInvitationPage = lazyLoad(() =>
  import("./components/accept-invitation-page.tsx").then((m) => m.AcceptInvitationPage),
);
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
const TeamsPage = lazyLoad(() => import("./components/teams-page.tsx").then((m) => m.TeamsPage));

const organizationsRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: "/organizations",
  component: OrganizationsPage,
});

const createOrganizationRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: "/organizations/new",
  component: CreateOrganizationPage,
});

const organizationRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: "/org/$slug",
  component: OrganizationLayout,
});

const overviewRoute = createRoute({
  getParentRoute: () => organizationRoute,
  path: "/",
  component: OverviewPage,
});

const membersRoute = createRoute({
  getParentRoute: () => organizationRoute,
  path: "/members",
  validateSearch: parseMembersSearch,
  component: MembersPage,
});

const invitationsRoute = createRoute({
  getParentRoute: () => organizationRoute,
  path: "/invitations",
  validateSearch: parseInvitationsSearch,
  component: InvitationsPage,
});

const teamsRoute = createRoute({
  getParentRoute: () => organizationRoute,
  path: "/teams",
  validateSearch: parseTeamsSearch,
  component: TeamsPage,
});

const settingsRoute = createRoute({
  getParentRoute: () => organizationRoute,
  path: "/settings",
  component: SettingsPage,
});

const myInvitationsRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: "/invitations",
  component: MyInvitationsPage,
});

// Open to anyone: the landing explains the invitation and offers sign-in or sign-up.
const acceptInvitationRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/accept-invitation/$id",
  validateSearch: searchParams(z.object({ error: optionalText })),
  component: AcceptInvitationPage,
});

export const signedInOrganizationRoutes = [
  organizationsRoute,
  createOrganizationRoute,
  organizationRoute.addChildren([overviewRoute, membersRoute, invitationsRoute, teamsRoute, settingsRoute]),
  myInvitationsRoute,
];
export const publicOrganizationRoutes = [acceptInvitationRoute];
