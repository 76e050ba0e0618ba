import { tryGetCurrentAuthEndpointContext } from "@better-auth/core/context";
import { type BetterAuthOptions, betterAuth } from "better-auth";
import { admin as adminPlugin, organization } from "better-auth/plugins";
import { abuseLimits, PATTERN_LIMITED_PATHS, TOKEN_LINK_LIMIT } from "#server/auth/abuse-limits.ts";
import { apiKeyPlugins } from "#server/auth/api-keys.ts";
import { banMessage } from "#server/auth/ban-message.ts";
import { corePlugin } from "#server/auth/core-plugin.ts";
import type { AuthDeps } from "#server/auth/deps.ts";
import { emailSignInPlugins } from "#server/auth/email-sign-in.ts";
import { identityProviderPlugins } from "#server/auth/identity-provider.ts";
import { impersonationGuard } from "#server/auth/impersonation.ts";
import { invitationProof } from "#server/auth/invitation-proof.ts";
import { createPrehash } from "#server/auth/prehash.ts";
import { rateLimitStorage } from "#server/auth/rate-limit-storage.ts";
import { socialAuth } from "#server/auth/social-providers.ts";
import { strongSignInPlugins } from "#server/auth/strong-sign-in.ts";
import { USER_FIELDS, userLocaleGuard } from "#server/auth/user-locale.ts";
import { isEmailChangeToken } from "#server/auth/verification-token.ts";
import { limitCounters } from "#server/db/limit-counters.ts";
import { trackTransactions } from "#server/db/transaction-scope.ts";
import { noteIfUnavailable } from "#server/http/unavailable.ts";
import { mailLocale } from "#server/mail/i18n.ts";
import {
  changeEmailMail,
  confirmNewEmailMail,
  deleteAccountMail,
  existingAccountMail,
  invitationMail,
  passwordResetMail,
  verificationMail,
} from "#server/mail/templates.ts";
import { MAX_CUSTOM_ROLES } from "#shared/custom-roles.ts";
import { LIMITS } from "#shared/limits.ts";
import { ac, organizationRoles } from "#shared/permissions.ts";

export const APP_NAME = "Gatehouse";

/** SPEC §9: invitations expire after 172800 seconds (2 days); a resend renews them by as much. */
export const INVITATION_EXPIRES_IN = 172800;

/** The header our server sets from the socket (or the trusted proxy); any client copy is dropped first. */
export const CLIENT_IP_HEADER = "x-gatehouse-client-ip";

/** better-auth's sign-in limit (3 per 10 s per client), for every other endpoint that checks a password. */
export const PASSWORD_CHECK_LIMIT = { window: 10, max: 3 };

/** The request id (X-Request-Id) of each request http/app.ts hands better-auth, for better-auth's log lines. */
const requestIds = new WeakMap<Request, string>();

/** Names the request id of a request handed to better-auth's handler (not a header: no client can set it). */
export function withRequestId(request: Request, reqId: string): Request {
  requestIds.set(request, reqId);
  return request;
}

/** The request id of the endpoint call under way, if it came through http/app.ts. */
function currentRequestId(): string | undefined {
  const request = tryGetCurrentAuthEndpointContext()?.request;
  return request ? requestIds.get(request) : undefined;
}

/**
 * Rebuilds a link better-auth made so that its origin is always BETTER_AUTH_URL,
 * whatever Host or X-Forwarded-Host the request carried.
 */
export function linkOnBaseURL(baseURL: string, url: string): string {
  const parsed = new URL(url);
  return `${baseURL}${parsed.pathname}${parsed.search}`;
}

export function buildAuthOptions({
  config,
  db,
  dbKind,
  mailer,
  logger,
  secondaryStorage,
  passwords,
  features,
}: AuthDeps) {
  const link = (url: string) => linkOnBaseURL(config.baseURL, url);
  // An organization's only owner cannot delete their account, nor be deleted by an admin.
  const { assertUserCanBeDeleted } = features;
  const appName = APP_NAME;
  const social = socialAuth(config.social, config.baseURL);
  const prehashing = createPrehash(passwords.hash);

  return {
    appName,
    baseURL: config.baseURL,
    basePath: "/api/auth",
    secret: config.secret,
    // trackTransactions: plugins' callbacks inside better-auth's transactions write with Kysely in it (scim).
    database: { db: trackTransactions(db), type: dbKind, transaction: true },
    secondaryStorage,
    trustedOrigins: config.trustedOrigins,
    telemetry: { enabled: false },
    logger: {
      level: "warn",
      log: (level, message, ...args) => {
        // better-auth logs, then swallows, a failed session lookup (the request becomes a 401).
        if (level === "error") noteIfUnavailable(...args);
        const fn = level === "error" ? logger.error : level === "warn" ? logger.warn : logger.debug;
        const reqId = currentRequestId();
        fn.call(
          logger,
          { ...(reqId ? { reqId } : {}), args: args.map((a) => (a instanceof Error ? a.message : a)) },
          `better-auth: ${message}`,
        );
      },
    },

    emailAndPassword: {
      enabled: true,
      // SPEC §5 and the sign-up requirements: 8 to 128 characters, no composition rules.
      minPasswordLength: LIMITS.passwordMin,
      maxPasswordLength: LIMITS.passwordMax,
      requireEmailVerification: true,
      // SPEC §9: password reset token lifetime 3600 seconds (its length, 24 characters, is better-auth's generateId(24)).
      resetPasswordTokenExpiresIn: 3600,
      revokeSessionsOnPasswordReset: true,
      // better-auth's format, hashed on low-priority worker threads (password-hashing.ts); a sign-up's hash is
      // computed before its transaction opens (prehash.ts).
      password: { hash: prehashing.hash, verify: passwords.verify },
      async sendResetPassword({ user, url }, request) {
        const locale = mailLocale(config, { user, request });
        await mailer.sendMail(
          user.email,
          passwordResetMail({ locale, appName, name: user.name, url: link(url) }),
        );
      },
      // A sign-up for a taken address answers like a new one; the owner is told instead.
      async onExistingUserSignUp({ user }, request) {
        await mailer.sendMail(
          user.email,
          existingAccountMail({
            locale: mailLocale(config, { user, request }),
            appName,
            name: user.name,
            signInUrl: `${config.baseURL}/sign-in`,
            resetUrl: `${config.baseURL}/forgot-password`,
          }),
        );
      },
      // The admin plugin adds these fields to real users; the synthetic reply must carry them too.
      customSyntheticUser: ({ coreFields, additionalFields, id }) => ({
        ...coreFields,
        role: "user",
        banned: false,
        banReason: null,
        banExpires: null,
        ...additionalFields,
        id,
      }),
    },

    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      // SPEC §9: verification email token lifetime 1 hour.
      expiresIn: 3600,
      async sendVerificationEmail({ user, url, token }, request) {
        const locale = mailLocale(config, { user, request });
        // The same link confirms a new address at the end of an email change: that mail says so.
        if (isEmailChangeToken(token)) {
          await mailer.sendMail(
            user.email,
            confirmNewEmailMail({ locale, appName, name: user.name, url: link(url) }),
          );
          return;
        }
        await mailer.sendMail(
          user.email,
          verificationMail({ locale, appName, name: user.name, url: link(url) }),
        );
      },
    },

    // Social sign-in: SPEC §9 providers and generic OIDC, enabled by their variables (social-config.ts).
    socialProviders: social.socialProviders,

    user: {
      // The user's chosen language (issue 21, user-locale.ts).
      additionalFields: USER_FIELDS,
      validateUserInfo: social.validateUserInfo,
      changeEmail: {
        enabled: true,
        async sendChangeEmailConfirmation({ user, newEmail, url }, request) {
          const locale = mailLocale(config, { user, request });
          await mailer.sendMail(
            user.email,
            changeEmailMail({ locale, appName, name: user.name, newEmail, url: link(url) }),
          );
        },
      },
      deleteUser: {
        enabled: true,
        // SPEC §9: delete-account token lifetime 86400 seconds.
        deleteTokenExpiresIn: 86400,
        async sendDeleteAccountVerification({ user, url }, request) {
          const locale = mailLocale(config, { user, request });
          await mailer.sendMail(
            user.email,
            deleteAccountMail({ locale, appName, name: user.name, url: link(url) }),
          );
        },
      },
    },

    // SPEC §9: /get-access-token refreshes when fewer than 5 seconds remain. That threshold is fixed in
    // better-auth 1.7 (no option); test/api/social-sign-in.test.ts pins it.
    account: {
      accountLinking: {
        enabled: true,
        allowDifferentEmails: config.social.allowDifferentLinkedEmails,
        // The accounts feature keeps the last sign-in method, passkeys counted (sign-in-methods.ts).
        allowUnlinkingAll: true,
        trustedProviders: config.social.trustedLinkingProviders,
      },
      encryptOAuthTokens: true,
    },

    session: {
      expiresIn: 60 * 60 * 24 * 7,
      updateAge: 60 * 60 * 24,
      freshAge: 60 * 60 * 24,
      // With Redis, sessions are kept in the database too: a Redis flush loses nobody's session, and the
      // get-session hot path reads the row (session-fast-path.ts).
      storeSessionInDatabase: true,
    },

    // With Redis, verification values (reset and delete links) are kept in the database too, for the same reason.
    verification: { storeInDatabase: true },

    rateLimit: {
      // The sign-up requirements: on whenever NODE_ENV=production (better-auth: 3 per 10 s on sign-in/sign-up).
      enabled: config.isProduction,
      ...rateLimitStorage(dbKind, db, secondaryStorage),
      // Reading one's own session and organizations is not limited: the web app asks on every page, and a
      // limit there would sign busy tabs out (hot-paths.ts answers them without better-auth and relies on
      // this). Nor is the health answer, which load balancers poll.
      customRules: {
        "/get-session": false,
        "/organization/list": false,
        "/ok": false,
        // The provider's public signing keys, fetched by every resource server (a public, static document,
        // answered from memory by http/jwks-fast-path.ts, which relies on this).
        "/jwks": false,
        // Every endpoint that checks a password is limited like sign-in (better-auth: change-password;
        // accounts plugin: reauthenticate).
        "/delete-user": PASSWORD_CHECK_LIMIT,
        // better-auth serves this "server scope" endpoint over HTTP as well.
        "/verify-password": PASSWORD_CHECK_LIMIT,
        // Token-bearing links, per client whatever the token (abuse-limits.ts counts the ones whose token
        // is a path segment under their route pattern instead).
        "/verify-email": TOKEN_LINK_LIMIT,
        "/delete-user/callback": TOKEN_LINK_LIMIT,
        "/reset-password": TOKEN_LINK_LIMIT,
        // Ownership transfer (decision 35): its mailed link like the others; offers mail a member, a few a minute.
        "/organization/accept-ownership": TOKEN_LINK_LIMIT,
        "/organization/offer-ownership": { window: 60, max: 5 },
        ...Object.fromEntries(PATTERN_LIMITED_PATHS.map((path) => [path, false as const])),
        // SCIM (issue 19): a directory syncs thousands of people from one address, each request carrying a
        // 256-bit bearer token (nothing to guess); a per-IP limit would stretch a 10 000-person sync to hours.
        "/scim/v2/**": false,
      },
    },

    advanced: {
      // One SQL join instead of a query per row where better-auth reads related rows (the performance
      // requirements).
      database: { joins: true },
      // better-auth turns these checks off when NODE_ENV=test; Gatehouse keeps them on everywhere.
      disableOriginCheck: false,
      disableCSRFCheck: false,
      useSecureCookies: config.https,
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      // SPEC §9: social sign-in state lives 10 minutes; better-auth's state cookie would die after 300 s.
      cookies: { state: { attributes: { maxAge: 600 } } },
    },

    onAPIError: {
      // An error that is not an APIError leaves better-auth's handler instead of becoming better-call's bare,
      // body-less 500 (printed with console.error): app.ts answers it in the error shape of every other
      // route (503 for a lost backing service, else a generic 500), logged once with the request id. An
      // APIError is still answered by better-call as its JSON; app.ts logs the 5xx ones.
      throw: true,
      // Setting this makes GET /api/auth/error render its HTML page in production too (SPEC §2).
      customizeDefaultErrorPage: { colors: { primary: "#1c7ed6" } },
    },

    databaseHooks: {
      user: {
        // ADMIN_EMAILS (the administration requirements): the admin role is granted once the listed
        // address is verified.
        create: { after: features.afterUserWrite },
        update: { after: features.afterUserWrite },
      },
    },

    plugins: [
      // First: an impersonation whose impersonator is no longer an admin ends before any hook acts on it.
      impersonationGuard(),
      // Second: a request with an API key gets its session (and its limits) before any other hook reads one.
      ...apiKeyPlugins({
        rateLimitPerMinute: config.apiKeyRateLimit,
        onOverrideAnswer: features.onOverrideAnswer,
      }),
      organization({
        ac,
        roles: organizationRoles,
        // SPEC §6 / §9: the creator of an organization is its owner.
        creatorRole: "owner",
        invitationExpiresIn: INVITATION_EXPIRES_IN,
        // SPEC §9: membership limit 100 by default.
        membershipLimit: config.membershipLimit,
        // Pending invitations: better-auth's own 100, or as many as a larger membership limit (which a bulk
        // send counts them against, bulk-invites.ts placesLeft), so a large bulk send is not cut short. Below
        // the limit's reach, invitations may outnumber the places left: the limit holds at acceptance (SPEC §9).
        invitationLimit: Math.max(100, config.membershipLimit),
        teams: { enabled: true },
        // Custom roles (issue 18, decision 35): each organization's own roles in better-auth's organizationRole
        // table, enforced with the built-in ones (features/organizations/custom-roles.ts); 50 per organization.
        dynamicAccessControl: { enabled: true, maximumRolesPerOrganization: MAX_CUSTOM_ROLES },
        schema: {
          organizationRole: { additionalFields: { description: { type: "string", required: false } } },
        },
        // In the transaction of a new invitation and its queued mail (patches/better-auth: invite-member).
        organizationHooks: {
          afterCreateInvitation: async ({ invitation }) => features.invitationCreated?.(invitation),
        },
        // SPEC §4: accepting or rejecting needs the recipient's verified email, whatever the id format.
        requireEmailVerificationOnInvitation: true,
        async sendInvitationEmail({ id, email, role, organization: org, inviter }, request) {
          // The invitee's own language when they have an account, else the inviter's request's.
          const invitee = await db
            .selectFrom("user")
            .select("locale")
            .where("email", "=", email.toLowerCase())
            .executeTakeFirst();
          await mailer.sendMail(
            email,
            invitationMail({
              // Bulk invitations call invite-member in-process: their caller's headers, not a request.
              locale: mailLocale(config, {
                user: invitee,
                request: request ?? tryGetCurrentAuthEndpointContext()?.headers,
              }),
              appName,
              inviterName: inviter.user.name,
              organizationName: org.name,
              role,
              url: `${config.baseURL}/accept-invitation/${encodeURIComponent(id)}?proof=${invitationProof(config.secret, id, email)}`,
              requiresTwoFactor: Boolean((org as { requireTwoFactor?: unknown }).requireTwoFactor),
            }),
          );
        },
      }),
      adminPlugin({
        defaultRole: "user",
        adminRoles: ["admin"],
        // The administration requirements: admins cannot be impersonated.
        allowImpersonatingAdmins: false,
        impersonationSessionDuration: 60 * 60,
        bannedUserMessage: banMessage,
      }),
      corePlugin({ prehashing, assertUserCanBeDeleted }),
      userLocaleGuard(config.locales),
      // Mails per recipient and token routes per client, shared by every instance; on with the limiter.
      abuseLimits(config.isProduction ? limitCounters(db, secondaryStorage) : undefined),
      ...identityProviderPlugins(config, db, secondaryStorage),
      ...strongSignInPlugins({ appName, baseURL: config.baseURL }),
      ...emailSignInPlugins({ appName, mailer, config }),
      ...features.plugins,
      ...social.plugins,
    ],
  } satisfies BetterAuthOptions;
}

export function createAuth(deps: AuthDeps) {
  return betterAuth(buildAuthOptions(deps));
}

export type Auth = ReturnType<typeof createAuth>;
