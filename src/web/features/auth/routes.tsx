import { z } from "zod";
import { optionalText } from "#shared/fields.ts";
import { guestRoute, rootRoute, screenRoute } from "#web/lib/layout-routes.tsx";
import { lazyLoad } from "#web/lib/lazy-load.ts";
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

// The second step of a sign-in with two-factor: still signed out until the code passes. Loaded on demand
// (only accounts with two-factor see it), with the stylesheets of its checkbox.
const TwoFactorPage = lazyLoad(() => import("./components/two-factor-page.tsx").then((m) => m.TwoFactorPage));
const twoFactorRoute = screenRoute(guestRoute, "/sign-in/two-factor", TwoFactorPage, entrySearch);

export const signUpRoute = screenRoute(guestRoute, "/sign-up", SignUpPage, entrySearch);

const checkInboxRoute = screenRoute(rootRoute, "/check-inbox", CheckInboxPage, emailSearch);

// `next`: where Continue goes once verified (a failed link keeps the page that asked for it).
const verifiedRoute = screenRoute(
  rootRoute,
  "/verified",
  VerifiedPage,
  searchParams(z.object({ error: optionalText, next: optionalText })),
);

const forgotPasswordRoute = screenRoute(rootRoute, "/forgot-password", ForgotPasswordPage, emailSearch);

const resetPasswordRoute = screenRoute(
  rootRoute,
  "/reset-password",
  ResetPasswordPage,
  searchParams(z.object({ token: optionalText, error: optionalText })),
);

const errorRoute = screenRoute(rootRoute, "/error", ErrorPage, errorSearch);

// Sign-in with a mailed code or link (EMAIL_CODE_SIGN_IN, MAGIC_LINK_SIGN_IN), and the "this wasn't me" page:
// loaded on demand, as they are off by default or reached from a mail.
const EmailCodePage = lazyLoad(() => import("./components/email-code-page.tsx").then((m) => m.EmailCodePage));
const EmailLinkPage = lazyLoad(() => import("./components/email-link-page.tsx").then((m) => m.EmailLinkPage));
const SignInLinkPage = lazyLoad(() =>
  import("./components/sign-in-link-page.tsx").then((m) => m.SignInLinkPage),
);
const NotMePage = lazyLoad(() => import("./components/not-me-page.tsx").then((m) => m.NotMePage));
// Enterprise single sign-on (issue 19): the work email, then the company's identity provider.
const SsoSignInPage = lazyLoad(() =>
  import("./components/sso-sign-in-page.tsx").then((m) => m.SsoSignInPage),
);
const ssoSignInRoute = screenRoute(guestRoute, "/sign-in/sso", SsoSignInPage, entrySearch);
const emailCodeRoute = screenRoute(guestRoute, "/sign-in/code", EmailCodePage, entrySearch);
const emailLinkRoute = screenRoute(guestRoute, "/sign-in/email-link", EmailLinkPage, entrySearch);
const signInLinkRoute = screenRoute(
  rootRoute,
  "/sign-in/link",
  SignInLinkPage,
  searchParams(z.object({ token: optionalText, redirect: optionalText })),
);
const notMeRoute = screenRoute(
  rootRoute,
  "/not-me",
  NotMePage,
  searchParams(z.object({ token: optionalText })),
);

export const guestRoutes = [
  signInRoute,
  twoFactorRoute,
  signUpRoute,
  emailCodeRoute,
  emailLinkRoute,
  ssoSignInRoute,
];
export const publicAuthRoutes = [
  checkInboxRoute,
  verifiedRoute,
  forgotPasswordRoute,
  resetPasswordRoute,
  errorRoute,
  signInLinkRoute,
  notMeRoute,
];
