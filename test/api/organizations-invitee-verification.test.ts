import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOrganization, invite } from "../support/organizations.ts";
import { linkIn } from "../support/smtp-sink.ts";
import { startTestApp, type TestApp, testDatabase } from "../support/test-app.ts";
import { createUser, signUpVerified } from "../support/users.ts";

/** Issue 20: signing up from an invitation's link with the invited address proves that address. */
describe(`organizations: an invitee's sign-up from the invitation link (${testDatabase})`, () => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signUpVerified>>;
  let organizationId = "";
  beforeAll(async () => {
    t = await startTestApp();
    owner = await signUpVerified(t);
    organizationId = (await createOrganization(t, owner.cookie)).id;
  });
  afterAll(() => t.close());

  /** The landing the invitation mail links to (path and query, with its proof of the address). */
  async function mailedLanding(email: string): Promise<string> {
    const mail = await t.sink.waitFor(email, /invit/i);
    const link = new URL(linkIn(mail, `${t.config.baseURL}/accept-invitation/`));
    return link.pathname + link.search;
  }

  async function signUpFrom(landing: string, person: ReturnType<typeof createUser>) {
    const res = await t.request("/api/auth/sign-up/email", { json: { ...person, callbackURL: landing } });
    expect(res.status).toBe(200);
    return res.json();
  }

  async function signInStatus(person: { email: string; password: string }) {
    return (await t.request("/api/auth/sign-in/email", { json: person })).status;
  }

  it("the invited address signs up verified and can sign in at once", async () => {
    const person = createUser();
    await invite(t, owner.cookie, organizationId, person.email);
    await signUpFrom(await mailedLanding(person.email), { ...person, email: person.email.toUpperCase() });
    expect(await signInStatus(person)).toBe(200);
  });

  it("the inviter, who can read the invitation's id but not the mail, cannot sign the address up verified", async () => {
    for (const proof of ["", `?proof=${"A".repeat(43)}`]) {
      const person = createUser();
      const invitation = await invite(t, owner.cookie, organizationId, person.email);
      await signUpFrom(`/accept-invitation/${encodeURIComponent(invitation.id)}${proof}`, person);
      expect(await signInStatus(person), `proof "${proof}"`).toBe(403);
    }
  });

  it("another address signing up with the link stays unverified", async () => {
    const invited = createUser();
    await invite(t, owner.cookie, organizationId, invited.email);
    const stranger = createUser();
    await signUpFrom(await mailedLanding(invited.email), stranger);
    expect(await signInStatus(stranger)).toBe(403);
  });

  it("a cancelled invitation proves nothing", async () => {
    const person = createUser();
    const invitation = await invite(t, owner.cookie, organizationId, person.email);
    const landing = await mailedLanding(person.email);
    const cancel = await t.request("/api/auth/organization/cancel-invitation", {
      cookie: owner.cookie,
      json: { invitationId: invitation.id },
    });
    expect(cancel.status).toBe(200);
    await signUpFrom(landing, person);
    expect(await signInStatus(person)).toBe(403);
  });

  it("an address that already has an account gets the same answer, and its account is untouched", async () => {
    const existing = await signUpVerified(t);
    const fresh = createUser();
    await invite(t, owner.cookie, organizationId, existing.email);
    await invite(t, owner.cookie, organizationId, fresh.email);
    const taken = await signUpFrom(await mailedLanding(existing.email), {
      ...createUser(),
      email: existing.email,
    });
    const free = await signUpFrom(await mailedLanding(fresh.email), fresh);
    expect(Object.keys(taken).sort()).toEqual(Object.keys(free).sort());
    expect(Object.keys(taken.user).sort()).toEqual(Object.keys(free.user).sort());
    expect(await signInStatus(existing)).toBe(200);
  });
});
