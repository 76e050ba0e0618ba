import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOrganization, invite } from "../support/organizations.ts";
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

  async function signUpFrom(invitationId: string, person: ReturnType<typeof createUser>) {
    const res = await t.request("/api/auth/sign-up/email", {
      json: { ...person, callbackURL: `/accept-invitation/${encodeURIComponent(invitationId)}` },
    });
    expect(res.status).toBe(200);
    return res.json();
  }

  async function signInStatus(person: { email: string; password: string }) {
    return (await t.request("/api/auth/sign-in/email", { json: person })).status;
  }

  it("the invited address signs up verified and can sign in at once", async () => {
    const person = createUser();
    const invitation = await invite(t, owner.cookie, organizationId, person.email);
    await signUpFrom(invitation.id, { ...person, email: person.email.toUpperCase() });
    expect(await signInStatus(person)).toBe(200);
  });

  it("another address signing up with the link stays unverified", async () => {
    const invitation = await invite(t, owner.cookie, organizationId, createUser().email);
    const stranger = createUser();
    await signUpFrom(invitation.id, stranger);
    expect(await signInStatus(stranger)).toBe(403);
  });

  it("a cancelled invitation proves nothing", async () => {
    const person = createUser();
    const invitation = await invite(t, owner.cookie, organizationId, person.email);
    const cancel = await t.request("/api/auth/organization/cancel-invitation", {
      cookie: owner.cookie,
      json: { invitationId: invitation.id },
    });
    expect(cancel.status).toBe(200);
    await signUpFrom(invitation.id, person);
    expect(await signInStatus(person)).toBe(403);
  });

  it("an address that already has an account gets the same answer, and its account is untouched", async () => {
    const existing = await signUpVerified(t);
    const fresh = createUser();
    const forExisting = await invite(t, owner.cookie, organizationId, existing.email);
    const forFresh = await invite(t, owner.cookie, organizationId, fresh.email);
    const taken = await signUpFrom(forExisting.id, { ...createUser(), email: existing.email });
    const free = await signUpFrom(forFresh.id, fresh);
    expect(Object.keys(taken).sort()).toEqual(Object.keys(free).sort());
    expect(Object.keys(taken.user).sort()).toEqual(Object.keys(free.user).sort());
    expect(await signInStatus(existing)).toBe(200);
  });
});
