import { createRoute } from "@tanstack/react-router";
import { z } from "zod";
import { optionalText } from "#shared/fields.ts";
import { guestRoute, rootRoute } from "#web/lib/layout-routes.tsx";
import { searchParams } from "#web/lib/search-params.ts";
import { CheckInboxPage } from "./components/check-inbox-page.tsx";
import { ErrorPage } from "./components/error-page.tsx";
import { ForgotPasswordPage } from "./components/forgot-password-page.tsx";
import { ResetPasswordPage } from "./components/reset-password-page.tsx";
import { SignInPage } from "./components/sign-in-page.tsx";
import { SignUpPage } from "./components/sign-up-page.tsx";
import { VerifiedPage } from "./components/verified-page.tsx";

// The auth screens load with the first page (they are what a visitor sees first).
const emailSearch = searchParams(z.object({ email: optionalText }));
const errorSearch = searchParams(z.object({ error: optionalText }));
const entrySearch = searchParams(z.object({ redirect: optionalText, email: optionalText }));

export const signInRoute = createRoute({
  getParentRoute: () => guestRoute,
  path: "/sign-in",
  validateSearch: entrySearch,
  component: SignInPage,
});

export const signUpRoute = createRoute({
  getParentRoute: () => guestRoute,
  path: "/sign-up",
  validateSearch: entrySearch,
  component: SignUpPage,
});

const checkInboxRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/check-inbox",
  validateSearch: emailSearch,
  component: CheckInboxPage,
});

const verifiedRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/verified",
  validateSearch: errorSearch,
  component: VerifiedPage,
});

const forgotPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/forgot-password",
  validateSearch: emailSearch,
  component: ForgotPasswordPage,
});

const resetPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/reset-password",
  validateSearch: searchParams(z.object({ token: optionalText, error: optionalText })),
  component: ResetPasswordPage,
});

const errorRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/error",
  validateSearch: errorSearch,
  component: ErrorPage,
});

export const guestRoutes = [signInRoute, signUpRoute];
export const publicAuthRoutes = [
  checkInboxRoute,
  verifiedRoute,
  forgotPasswordRoute,
  resetPasswordRoute,
  errorRoute,
];
