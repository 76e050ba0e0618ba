import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, createOrganization, invite, organizationInput, userIdOf } from "../support/organizations.ts";
import type { ReceivedMail } from "../support/smtp-sink.ts";
import { startTestApp, type TestApp, testDatabase } from "../support/test-app.ts";
import { createUser, signUpVerified, uniqueEmail, updateUserRow } from "../support/users.ts";

const ADMIN_EMAIL = "names-admin@example.test";
/** A line break, a carriage return, NUL, DEL, a C1 control, and the Unicode line and paragraph separators. */
const CONTROLS = ["\n", "\r", "\u0000", "\u007f", "\u0085", "\u2028", "\u2029"];
const URL_IN_NAME = "http://evil.example/login";
const ANY_URL = /(?:https?:\/\/|www\.)[^\s<>"]+/gi;

/** Every address a mail client could turn into a link in either part of a mail. */
function linkable(mail: ReceivedMail): string[] {
  const htmlText = mail.html.replace(/<[^>]+>/g, " ").replace(/&amp;/g, "&");
  const hrefs = [...mail.html.matchAll(/href="([^"]*)"/g)].map((m) => m[1] ?? "");
  return [...(mail.text.match(ANY_URL) ?? []), ...(htmlText.match(ANY_URL) ?? []), ...hrefs];
}

describe(`names carry no line breaks or links into mails (${testDatabase})`, () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signUpVerified>>;
  let owner: Awaited<ReturnType<typeof signUpVerified>>;
  let organizationId: string;
  let teamId: string;
  beforeAll(async () => {
    t = await startTestApp({ ADMIN_EMAILS: ADMIN_EMAIL });
    admin = await signUpVerified(t, createUser({ email: ADMIN_EMAIL }));
    owner = await signUpVerified(t);
    organizationId = (await createOrganization(t, owner.cookie)).id;
    const team = await api(t, "/organization/create-team", owner.cookie, { name: "Team", organizationId });
    teamId = team.body.id;
  });
  afterAll(() => t.close());

  const refused = (res: { status: number; body: { code?: string } }, what: string) => {
    expect(res.status, what).toBe(400);
    expect(res.body.code, what).toBe("INVALID_FIELD");
  };

  it("refuses a control character in every name with 400 INVALID_FIELD", async () => {
    for (const control of CONTROLS) {
      const name = `Alice${control}Visit ${URL_IN_NAME}`;
      const shown = JSON.stringify(control);
      refused(await api(t, "/sign-up/email", undefined, createUser({ name })), `sign-up ${shown}`);
      refused(await api(t, "/update-user", owner.cookie, { name }), `update-user ${shown}`);
      refused(
        await api(t, "/admin/create-user", admin.cookie, { ...createUser({ name }), role: "user" }),
        `admin create-user ${shown}`,
      );
      refused(
        await api(t, "/organization/create", owner.cookie, organizationInput({ name })),
        `organization create ${shown}`,
      );
      refused(
        await api(t, "/organization/update", owner.cookie, { organizationId, data: { name } }),
        `organization update ${shown}`,
      );
      refused(
        await api(t, "/organization/create-team", owner.cookie, { name, organizationId }),
        `create-team ${shown}`,
      );
      refused(
        await api(t, "/organization/update-team", owner.cookie, { teamId, data: { name } }),
        `update-team ${shown}`,
      );
    }
    expect((await api(t, "/get-session", owner.cookie)).body.user.name).not.toMatch(/Visit/);
  });

  it("quotes the inviter's and organization's names and never makes a link of them", async () => {
    const update = await api(t, "/update-user", owner.cookie, { name: `Alice ${URL_IN_NAME}` });
    expect(update.status).toBe(200);
    const renamed = await api(t, "/organization/update", owner.cookie, {
      organizationId,
      data: { name: "Acme www.evil.example" },
    });
    expect(renamed.status).toBe(200);
    const email = uniqueEmail("invitee");
    await invite(t, owner.cookie, organizationId, email);
    const mail = await t.sink.waitFor(email, /invited you/i);

    const line = mail.text.split("\n").find((l) => l.includes("invited you to join"));
    expect(line).toMatch(/^“Alice .*” invited you to join “Acme .*” as Member\.$/);
    for (const link of linkable(mail)) expect(link.startsWith(t.config.baseURL), link).toBe(true);
  });

  it("keeps a stored name with a line break (from before the rule) on its line in the text part", async () => {
    await updateUserRow(t, await userIdOf(t, owner.cookie), {
      name: `Mallory\n${URL_IN_NAME}\u2028Reset now`,
    });
    const email = uniqueEmail("invitee");
    await invite(t, owner.cookie, organizationId, email);
    const mail = await t.sink.waitFor(email, /invited you/i);

    const lines = mail.text.split(/\r?\n|\u2028|\u2029/);
    expect(lines.some((l) => /^\s*(http|Reset now)/.test(l))).toBe(false);
    expect(lines.find((l) => l.includes("invited you to join"))).toMatch(
      /^“Mallory .*Reset now” invited you/,
    );
    expect(mail.subject).not.toMatch(/[\r\n]/);
    for (const link of linkable(mail)) expect(link.startsWith(t.config.baseURL), link).toBe(true);
  });
});
