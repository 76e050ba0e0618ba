import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { LOCALES } from "#shared/i18n/locales.ts";
import { authorizationErrorText } from "#web/features/oauth/lib/oauth-errors.ts";
import { problemText } from "#web/features/organizations/components/bulk-invite-rows.tsx";
import { activateLocale, loadAppMessages } from "#web/i18n/i18n.ts";
import { ApiError } from "#web/lib/api/api-error.ts";
import { errorText } from "#web/lib/api/error-text.ts";
import { describeRedirectError } from "#web/lib/redirect-errors.ts";

/**
 * Every code docs/errors.md lists either has words of the web app's own, in every language, where the web app
 * shows it, or is on NEVER_SHOWN with why a person never meets it there. A code the server learns later gets a
 * row in docs/errors.md (test/unit/docs-errors.test.ts sees to that), and then fails here until it has words or
 * a reason.
 */
const root = resolve(import.meta.dirname, "../..");
const doc = readFileSync(resolve(root, "docs/errors.md"), "utf8");

/** Where the web app shows a table's codes. */
type Screen =
  /** An answer to a call the web app makes: errorText (src/web/lib/api/error-text.ts). */
  | "call"
  /** A `?error=` redirect shown by /error and the screens a mailed link lands on (src/web/lib/redirect-errors.ts). */
  | "redirect"
  /** The /oauth/error page of an app's sign-in request (src/web/features/oauth/lib/oauth-errors.ts). */
  | "authorization"
  /** A bulk invitation row's problem (bulk-invite-rows.tsx); the request itself answered 200. */
  | "rows"
  /** Nowhere: every code of the table is on NEVER_SHOWN. */
  | "none";

/**
 * Every table of docs/errors.md, by its heading (its `##` and `###` heading up to any parenthesis; a second table
 * under one heading adds " #2"). A new table fails the test until it is placed here.
 */
const TABLES: Record<string, Screen> = {
  "Account and session messages": "call",
  "Redirect codes": "redirect",
  "Organization messages": "call",
  "Organization messages #2": "call",
  "Two-factor messages": "call",
  "Two-factor policies": "call",
  "Two-factor policies #2": "call",
  "Email codes, sign-in links and security mails": "call",
  Passkeys: "call",
  "Audit log": "call",
  Webhooks: "call",
  "Invite links": "call",
  "Single sign-on": "call",
  // The sign-in's end; a row that is also an API refusal (SSO_REQUIRED, "403 / 302") must be worded for both.
  "Single sign-on #2": "redirect",
  "SCIM provisioning": "call",
  "SCIM provisioning #2": "none",
  // The consent page's own refusals (invalid_request, invalid_client) are worded there with these same words.
  "OpenID provider › Authorization": "authorization",
  "OpenID provider › Tokens, userinfo, introspection, revocation, logout": "none",
  "OpenID provider › Registration": "call",
  "Applications, connected apps and API keys": "call",
  "Applications, connected apps and API keys › API keys": "call",
  "Bulk invitations and exports": "call",
  "Bulk invitations and exports #2": "rows",
  "Custom roles": "call",
  "Ownership transfer": "call",
  "Verified domains and join requests": "call",
  "Any route": "call",
};

/** Codes the web app never shows, by table, each family with why; everything else needs words. */
const NEVER_SHOWN: { tables: string[]; codes: string[]; why: string }[] = [
  {
    tables: ["Account and session messages"],
    codes: ["ID_TOKEN_NOT_SUPPORTED", "USER_EMAIL_NOT_FOUND", "FAILED_TO_GET_USER_INFO"],
    why:
      "answers to a sign-in or link with a provider's id token, which the web app never sends (it signs in by " +
      "redirect), and to the mailed deletion link opened on the API itself without a session",
  },
  {
    tables: ["Two-factor messages"],
    codes: ["OTP_NOT_CONFIGURED"],
    why: "the web app never asks for a mailed second-step code (the second step is an app or a backup code)",
  },
  {
    tables: [
      "Audit log",
      "Webhooks",
      "Applications, connected apps and API keys",
      "Applications, connected apps and API keys › API keys",
      "Bulk invitations and exports",
      "Verified domains and join requests",
    ],
    codes: [
      "API_KEY_NOT_ALLOWED",
      "INVALID_API_KEY",
      "API_KEY_EXPIRED",
      "USER_BANNED",
      "RATE_LIMITED",
      "API_KEY_PERMISSION_MISSING",
      "API_KEY_WRONG_ORGANIZATION",
    ],
    why: "answers to a request made with an `x-api-key`, which the web app never sends (it calls with the session)",
  },
  {
    tables: ["Applications, connected apps and API keys › API keys"],
    codes: [
      "EXPIRES_IN_IS_TOO_SMALL",
      "EXPIRES_IN_IS_TOO_LARGE",
      "INVALID_NAME_LENGTH",
      "SERVER_ONLY_PROPERTY",
      "NO_VALUES_TO_UPDATE",
    ],
    why: "answers to /api-key/update, which the web app does not call (it creates, lists and deletes keys)",
  },
  {
    tables: ["Single sign-on"],
    codes: ["ORGANIZATION_REQUIRED"],
    why: "only better-auth's /sso/register called directly answers it; the web app goes through the organization's routes",
  },
  {
    tables: ["SCIM provisioning #2"],
    codes: [
      "invalidValue",
      "invalidFilter",
      "invalidPath",
      "mutability",
      "noTarget",
      "invalidSyntax",
      "uniqueness",
    ],
    why: "the SCIM protocol's errors (RFC 7644) answer the identity provider that provisions, never a person",
  },
  {
    tables: ["OpenID provider › Authorization"],
    codes: ["access_denied", "login_required", "consent_required"],
    why: "sent back to the app's redirect URI, for the app to explain; they never reach Gatehouse's pages",
  },
  {
    tables: ["OpenID provider › Tokens, userinfo, introspection, revocation, logout"],
    codes: [
      "invalid_request",
      "invalid_client",
      "invalid_grant",
      "unauthorized_client",
      "unsupported_grant_type",
      "invalid_scope",
      "invalid_target",
      "temporarily_unavailable",
      "invalid_token",
      "unsupported_token_type",
    ],
    why:
      "answers to the apps' own servers (token, userinfo, introspection, revocation); a browser refused at " +
      "end-session is sent to /oauth/error, which words invalid_request",
  },
  {
    tables: ["OpenID provider › Registration"],
    codes: ["invalid_token", "access_denied"],
    why: "answers to /oauth2/register, which apps call; the admin's Applications screen uses /oauth2/create-client",
  },
  {
    tables: ["Bulk invitations and exports"],
    codes: ["CSV_TOO_LARGE"],
    why: "not reachable over HTTP: the 1 MB body limit answers PAYLOAD_TOO_LARGE first",
  },
  {
    tables: ["Bulk invitations and exports #2"],
    codes: ["REFUSED"],
    why:
      "shown, but in the server's words on purpose: the row carries the invitation path's own message, not its " +
      "code, so there is nothing to choose words by",
  },
  {
    tables: ["Any route"],
    codes: ["HTTP_ERROR"],
    why: "a product route's unreadable JSON: the web app's clients always send valid JSON",
  },
];

interface Row {
  table: string;
  code: string;
  status: number | undefined;
}

/** A code column's header: the code, the code sent, an OAuth error, a SCIM type. */
const CODE_HEADER = /^(SPEC code|code|code sent|error|error \/ code|scimType)$/;

/** Every code of every table, with its table and the status its row gives (the first number of the cell). */
function documentedRows(): Row[] {
  const rows: Row[] = [];
  const tablesUnder = new Map<string, number>();
  let heading = "";
  let header: string[] | null = null;
  let table = "";
  for (const line of doc.split("\n")) {
    const title = /^(##+) (.*)$/.exec(line);
    if (title) {
      const words = (title[2] ?? "").replace(/\s*\(.*$/, "");
      heading = title[1] === "##" ? words : `${heading.split(" › ")[0]} › ${words}`;
      header = null;
      continue;
    }
    if (!line.startsWith("|")) {
      header = null;
      continue;
    }
    const cells = line
      .split("|")
      .slice(1, -1)
      .map((cell) => cell.trim());
    if (/^-/.test(cells[0] ?? "")) continue;
    if (!header) {
      header = cells;
      const count = (tablesUnder.get(heading) ?? 0) + 1;
      tablesUnder.set(heading, count);
      table = count === 1 ? heading : `${heading} #${count}`;
      continue;
    }
    const statusCell = cells[header.indexOf("status")] ?? "";
    const status = /\b(\d{3})\b/.exec(statusCell)?.[1];
    header.forEach((name, i) => {
      if (!CODE_HEADER.test(name)) return;
      // "(no body)", "(better-auth's limiter)", "not_found (`{ "error" }`)": what is in brackets is no code.
      const cell = (cells[i] ?? "").replace(/\([^)]*\)/g, "");
      for (const match of cell.matchAll(/[A-Za-z][A-Za-z0-9_]*/g))
        rows.push({ table, code: match[0], status: status ? Number(status) : undefined });
    });
  }
  return rows;
}

const SERVER_WORDS = "the server's own message, in English";

/** True when the web app has its own words for the row's code where the row's table is shown. */
function worded(row: Row, screen: Screen): boolean {
  switch (screen) {
    case "call":
      return errorText(new ApiError(row.status ?? 400, SERVER_WORDS, row.code)) !== SERVER_WORDS;
    case "redirect":
      return (
        describeRedirectError(row.code).known &&
        // Also an API refusal (a 4xx or 5xx besides its redirect): worded there too.
        (row.status === undefined || row.status < 400 || worded(row, "call"))
      );
    case "authorization":
      return authorizationErrorText(row.code).title !== authorizationErrorText("").title;
    case "rows":
      return problemText({ code: row.code as never, message: SERVER_WORDS }) !== SERVER_WORDS;
    case "none":
      return false;
  }
}

const isNeverShown = (row: Row) =>
  NEVER_SHOWN.some((family) => family.tables.includes(row.table) && family.codes.includes(row.code));

describe("the web app's words for every documented error code", () => {
  const rows = documentedRows();
  beforeAll(() => loadAppMessages());

  it("reads the codes of every table of docs/errors.md", () => {
    // A reading that finds few codes would pass unchecked: the catalogue has hundreds of rows.
    expect(new Set(rows.map((row) => row.code)).size).toBeGreaterThan(200);
    expect(new Set(rows.map((row) => row.table))).toEqual(new Set(Object.keys(TABLES)));
  });

  for (const locale of LOCALES) {
    it(`${locale}: words every code where the web app shows it, unless it never does`, async () => {
      await activateLocale(locale);
      try {
        const missing = rows
          .filter((row) => !isNeverShown(row) && !worded(row, TABLES[row.table] ?? "none"))
          .map((row) => `${row.code} (${row.table})`);
        expect([...new Set(missing)]).toEqual([]);
      } finally {
        await activateLocale("en");
      }
    });
  }

  it("lists as never shown only codes the tables it names have", () => {
    // A family outlives its codes otherwise: each code is in one of its tables, each table has one of its codes.
    const documented = new Set(rows.map((row) => `${row.table}: ${row.code}`));
    for (const family of NEVER_SHOWN) {
      for (const code of family.codes)
        expect(
          family.tables.some((table) => documented.has(`${table}: ${code}`)),
          code,
        ).toBe(true);
      for (const table of family.tables)
        expect(
          family.codes.some((code) => documented.has(`${table}: ${code}`)),
          table,
        ).toBe(true);
    }
  });

  it("keeps a screen's own words for a general refusal before the catalogue's", () => {
    const refusal = new ApiError(403, "Admins only", "FORBIDDEN");
    expect(errorText(refusal)).toBe("You don't have permission to do this.");
    expect(errorText(refusal, { forbidden: "Only admins can manage users." })).toBe(
      "Only admins can manage users.",
    );
    // A refusal with a code of its own still says that code's words.
    const policy = new ApiError(403, "x", "TWO_FACTOR_REQUIRED_FOR_ADMINS");
    expect(errorText(policy, { forbidden: "Only admins can manage users." })).toMatch(/two-factor/);
  });
});
