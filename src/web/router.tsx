import { createRootRoute, createRoute, createRouter } from "@tanstack/react-router";
import { AppLayout } from "./components/app-layout.tsx";
import { NotFound } from "./components/not-found.tsx";
import { PageLoader } from "./components/page-loader.tsx";
import { RouteError } from "./components/route-error.tsx";
import { RequireGuest, RequireSession, safeRedirectTarget } from "./components/session-guard.tsx";
import { AccountDeletedPage } from "./features/account/components/account-deleted-page.tsx";
import { AccountPage } from "./features/account/components/account-page.tsx";
import { type AccountSearch, parseAccountSearch } from "./features/account/lib/account-search.ts";
import { CheckInboxPage } from "./features/auth/components/check-inbox-page.tsx";
import { ErrorPage } from "./features/auth/components/error-page.tsx";
import { ForgotPasswordPage } from "./features/auth/components/forgot-password-page.tsx";
import { ResetPasswordPage } from "./features/auth/components/reset-password-page.tsx";
import { SignInPage } from "./features/auth/components/sign-in-page.tsx";
import { SignUpPage } from "./features/auth/components/sign-up-page.tsx";
import { VerifiedPage } from "./features/auth/components/verified-page.tsx";
import { OutboxPage } from "./features/dev-outbox/components/outbox-page.tsx";
import { HomePage } from "./features/home/components/home-page.tsx";

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
  component: () => (
    <RequireGuest>
      <SignUpPage />
    </RequireGuest>
  ),
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
  accountRoute,
  accountDeletedRoute,
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
