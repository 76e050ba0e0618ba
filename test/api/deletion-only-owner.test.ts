import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMember, api, createOrganization, userIdOf } from "../support/organizations.ts";
import { startTestApp, type TestApp, testDatabase } from "../support/test-app.ts";
import { createUser, sessionOf, signUpVerified } from "../support/users.ts";

// Regression guard: deleting an account must never leave an organization without an owner (issues #3, #5, #6).
describe(`account deletion and the only-owner rule (${testDatabase})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ ADMIN_EMAILS: "root@example.test" });
  });
  afterAll(() => t.close());

  it("refuses to delete an only owner's account, naming the organization, and deletes once ownership is shared", async () => {
    const owner = await signUpVerified(t);
    const org = await createOrganization(t, owner.cookie, { name: "Solo Corp" });

    const refused = await api(t, "/delete-user", owner.cookie, { password: owner.password });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain("Solo Corp");
    expect(await sessionOf(t, owner.cookie)).not.toBeNull();

    const partner = await signUpVerified(t);
    await addMember(t, owner.cookie, org.id, partner, "owner");
    const deleted = await api(t, "/delete-user", owner.cookie, { password: owner.password });
    expect(deleted.status).toBe(200);
    expect(await sessionOf(t, owner.cookie)).toBeNull();
  });

  it("refuses an admin's removal of an only owner", async () => {
    const admin = await signUpVerified(t, createUser({ email: "root@example.test" }));
    const owner = await signUpVerified(t);
    await createOrganization(t, owner.cookie, { name: "Lonely Ltd" });
    const ownerId = await userIdOf(t, owner.cookie);

    const refused = await api(t, "/admin/remove-user", admin.cookie, { userId: ownerId });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain("Lonely Ltd");
    expect(await sessionOf(t, owner.cookie)).not.toBeNull();

    const plain = await signUpVerified(t);
    const removed = await api(t, "/admin/remove-user", admin.cookie, {
      userId: await userIdOf(t, plain.cookie),
    });
    expect(removed.status).toBe(200);
  });
});
