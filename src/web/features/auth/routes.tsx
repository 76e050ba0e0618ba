import { z } from "zod";
import { optionalText } from "#shared/fields.ts";
import { guestRoute, rootRoute, screenRoute } from "#web/lib/layout-routes.tsx";
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

export const signInRoute = screenRoute(guestRoute, "/sign-in", SignInPage, entrySearch);

export const signUpRoute = screenRoute(guestRoute, "/sign-up", SignUpPage, entrySearch);

const checkInboxRoute = screenRoute(rootRoute, "/check-inbox", CheckInboxPage, emailSearch);

const verifiedRoute = screenRoute(rootRoute, "/verified", VerifiedPage, errorSearch);

const forgotPasswordRoute = screenRoute(rootRoute, "/forgot-password", ForgotPasswordPage, emailSearch);

const resetPasswordRoute = screenRoute(
  rootRoute,
  "/reset-password",
  ResetPasswordPage,
  searchParams(z.object({ token: optionalText, error: optionalText })),
);

const errorRoute = screenRoute(rootRoute, "/error", ErrorPage, errorSearch);

export const guestRoutes = [signInRoute, signUpRoute];
export const publicAuthRoutes = [
  checkInboxRoute,
  verifiedRoute,
  forgotPasswordRoute,
  resetPasswordRoute,
  errorRoute,
];
