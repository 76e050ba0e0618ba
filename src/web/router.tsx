import { createRootRoute, createRoute, createRouter, Outlet, redirect } from "@tanstack/react-router";
import { AppLayout } from "./components/app-layout.tsx";
import { NotFound } from "./components/not-found.tsx";
import { PageLoader } from "./components/page-loader.tsx";
import { RouteError } from "./components/route-error.tsx";
import { RequireGuest, RequireSession, safeRedirectTarget } from "./components/session-guard.tsx";
import { type AccountSearch, parseAccountSearch } from "./features/account/lib/account-search.ts";
import { RequireAdmin } from "./features/admin/components/require-admin.tsx";
import { parseUsersSearch, type UsersSearch } from "./features/admin/lib/users-search.ts";
import { CheckInboxPage } from "./features/auth/components/check-inbox-page.tsx";
import { ErrorPage } from "./features/auth/components/error-page.tsx";
import { ForgotPasswordPage } from "./features/auth/components/forgot-password-page.tsx";
import { ResetPasswordPage } from "./features/auth/components/reset-password-page.tsx";
import { SignInPage } from "./features/auth/components/sign-in-page.tsx";
import { SignUpPage } from "./features/auth/components/sign-up-page.tsx";
import { VerifiedPage } from "./features/auth/components/verified-page.tsx";
import { lazyLoad } from "./lib/lazy-load.ts";

// Screens behind sign-in load on demand, with the Mantine styles only they use,
// so the sign-in page ships only what it needs.
const HomePage = lazyLoad(() => import("./features/home/components/home-page.tsx").then((m) => m.HomePage));
const AccountDeletedPage = lazyLoad(() =>
  import("./features/account/components/account-deleted-page.tsx").then((m) => m.AccountDeletedPage),
);
const AccountPage = lazyLoad(() =>
  import("./features/account/components/account-page.tsx").then((m) => m.AccountPage),
);
const AdminUserPage = lazyLoad(() =>
  import("./features/admin/components/admin-user-page.tsx").then((m) => m.AdminUserPage),
);
const AdminUsersPage = lazyLoad(() =>
  import("./features/admin/components/admin-users-page.tsx").then((m) => m.AdminUsersPage),
);
const OutboxPage = lazyLoad(() =>
  import("./features/dev-outbox/components/outbox-page.tsx").then((m) => m.OutboxPage),
);
const AcceptInvitationPage = lazyLoad(() =>
  import("./features/organizations/components/accept-invitation-page.tsx").then(
    (m) => m.AcceptInvitationPage,
  ),
);
const CreateOrganizationPage = lazyLoad(() =>
  import("./features/organizations/components/create-organization-page.tsx").then(
    (m) => m.CreateOrganizationPage,
  ),
);
const InvitationsPage = lazyLoad(() =>
  import("./features/organizations/components/invitations-page.tsx").then((m) => m.InvitationsPage),
);
const MembersPage = lazyLoad(() =>
  import("./features/organizations/components/members-page.tsx").then((m) => m.MembersPage),
);
const MyInvitationsPage = lazyLoad(() =>
  import("./features/organizations/components/my-invitations-page.tsx").then((m) => m.MyInvitationsPage),
);
const OrganizationLayout = lazyLoad(() =>
  import("./features/organizations/components/organization-layout.tsx").then((m) => m.OrganizationLayout),
);
const OrganizationsPage = lazyLoad(() =>
  import("./features/organizations/components/organizations-page.tsx").then((m) => m.OrganizationsPage),
);
const OverviewPage = lazyLoad(() =>
  import("./features/organizations/components/overview-page.tsx").then((m) => m.OverviewPage),
);
const SettingsPage = lazyLoad(() =>
  import("./features/organizations/components/settings-page.tsx").then((m) => m.SettingsPage),
);
const TeamsPage = lazyLoad(() =>
  import("./features/organizations/components/teams-page.tsx").then((m) => m.TeamsPage),
);

/** Keeps a search param only when it is a string, so screens never see arrays or objects from the URL. */
function optionalString(value: unknown): string | undefined {
  return typeof value === "string" && value.length > 0 ? value : undefined;
}

const rootRoute = createRootRoute({
  component: AppLayout,
  notFoundComponent: NotFound,
});

const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/",
  component: () => (
    <RequireSession>
      <HomePage />
    </RequireSession>
  ),
});

const signInRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/sign-in",
  validateSearch: (search: Record<string, unknown>): { redirect?: string; email?: string } => ({
    redirect: optionalString(search.redirect),
    email: optionalString(search.email),
  }),
  component: function SignInRoute() {
    const { redirect } = signInRoute.useSearch();
    return (
      <RequireGuest to={safeRedirectTarget(redirect)}>
        <SignInPage />
      </RequireGuest>
    );
  },
});

const signUpRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/sign-up",
  validateSearch: (search: Record<string, unknown>): { redirect?: string; email?: string } => ({
    redirect: optionalString(search.redirect),
    email: optionalString(search.email),
  }),
  component: function SignUpRoute() {
    const { redirect } = signUpRoute.useSearch();
    return (
      <RequireGuest to={safeRedirectTarget(redirect)}>
        <SignUpPage />
      </RequireGuest>
    );
  },
});

const checkInboxRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/check-inbox",
  validateSearch: (search: Record<string, unknown>): { email?: string } => ({
    email: optionalString(search.email),
  }),
  component: CheckInboxPage,
});

const verifiedRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/verified",
  validateSearch: (search: Record<string, unknown>): { error?: string } => ({
    error: optionalString(search.error),
  }),
  component: VerifiedPage,
});

const forgotPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/forgot-password",
  validateSearch: (search: Record<string, unknown>): { email?: string } => ({
    email: optionalString(search.email),
  }),
  component: ForgotPasswordPage,
});

const resetPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/reset-password",
  validateSearch: (search: Record<string, unknown>): { token?: string; error?: string } => ({
    token: optionalString(search.token),
    error: optionalString(search.error),
  }),
  component: ResetPasswordPage,
});

const errorRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/error",
  validateSearch: (search: Record<string, unknown>): { error?: string } => ({
    error: optionalString(search.error),
  }),
  component: ErrorPage,
});

const accountRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/account",
  validateSearch: (search: Record<string, unknown>): AccountSearch => parseAccountSearch(search),
  component: () => (
    <RequireSession>
      <AccountPage />
    </RequireSession>
  ),
});

const accountDeletedRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/account/deleted",
  component: AccountDeletedPage,
});

// Admin area (issue #6): signed-in admins only; anyone else gets the not-found screen.
const adminRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/admin",
  component: () => (
    <RequireSession>
      <RequireAdmin>
        <Outlet />
      </RequireAdmin>
    </RequireSession>
  ),
});

const adminIndexRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: "/",
  beforeLoad: () => {
    throw redirect({ to: "/admin/users", replace: true });
  },
});

const adminUsersRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: "/users",
  validateSearch: (search: Record<string, unknown>): UsersSearch => parseUsersSearch(search),
  component: AdminUsersPage,
});

const adminUserRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: "/users/$id",
  component: AdminUserPage,
});

// Organizations (issue 5): list, create, pages by slug, invitation landing, the user's invitations.
const organizationsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/organizations",
  component: () => (
    <RequireSession>
      <OrganizationsPage />
    </RequireSession>
  ),
});

const createOrganizationRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/organizations/new",
  component: () => (
    <RequireSession>
      <CreateOrganizationPage />
    </RequireSession>
  ),
});

const organizationRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/org/$slug",
  component: () => (
    <RequireSession>
      <OrganizationLayout />
    </RequireSession>
  ),
});

const organizationOverviewRoute = createRoute({
  getParentRoute: () => organizationRoute,
  path: "/",
  component: OverviewPage,
});

const organizationMembersRoute = createRoute({
  getParentRoute: () => organizationRoute,
  path: "/members",
  component: MembersPage,
});

const organizationInvitationsRoute = createRoute({
  getParentRoute: () => organizationRoute,
  path: "/invitations",
  component: InvitationsPage,
});

const organizationTeamsRoute = createRoute({
  getParentRoute: () => organizationRoute,
  path: "/teams",
  component: TeamsPage,
});

const organizationSettingsRoute = createRoute({
  getParentRoute: () => organizationRoute,
  path: "/settings",
  component: SettingsPage,
});

const acceptInvitationRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/accept-invitation/$id",
  validateSearch: (search: Record<string, unknown>): { error?: string } => ({
    error: optionalString(search.error),
  }),
  component: AcceptInvitationPage,
});

const myInvitationsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/invitations",
  component: () => (
    <RequireSession>
      <MyInvitationsPage />
    </RequireSession>
  ),
});

const outboxRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/dev/outbox",
  component: OutboxPage,
});

const routeTree = rootRoute.addChildren([
  indexRoute,
  signInRoute,
  signUpRoute,
  checkInboxRoute,
  verifiedRoute,
  forgotPasswordRoute,
  resetPasswordRoute,
  errorRoute,
  outboxRoute,
  adminRoute.addChildren([adminIndexRoute, adminUsersRoute, adminUserRoute]),
  accountRoute,
  accountDeletedRoute,
  organizationsRoute,
  createOrganizationRoute,
  organizationRoute.addChildren([
    organizationOverviewRoute,
    organizationMembersRoute,
    organizationInvitationsRoute,
    organizationTeamsRoute,
    organizationSettingsRoute,
  ]),
  acceptInvitationRoute,
  myInvitationsRoute,
]);

export const router = createRouter({
  routeTree,
  defaultPreload: "intent",
  defaultErrorComponent: RouteError,
  defaultPendingComponent: () => <PageLoader />,
  defaultNotFoundComponent: NotFound,
  scrollRestoration: true,
});

declare module "@tanstack/react-router" {
  interface Register {
    router: typeof router;
  }
}
