import SCIMMY from "scimmy";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDomain } from "../support/domains.ts";
import { createOrganization, rawDb, signUpWithId } from "../support/organizations.ts";
import {
  patchOp,
  SCIM_GROUP,
  SCIM_USER,
  scimCall,
  scimConnection,
  scimUser,
  validGroup,
  validList,
  validUser,
} from "../support/scim.ts";
import { startTestApp, type TestApp, testDatabase } from "../support/test-app.ts";
import { createUser } from "../support/users.ts";

const ENTERPRISE = "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User";
const ENTRA_LEGACY_GROUP = "http://schemas.microsoft.com/2006/11/ResourceManagement/ADSCIM/2.0/Group";

/**
 * The request sequences the two most common directories send (Okta's and Microsoft Entra ID's SCIM
 * provisioning documentation), in their order and shapes, against one organization each.
 */
describe(`SCIM as Okta and Entra ID drive it (${testDatabase})`, () => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signUpWithId>>;
  const q = (filter: string) => `/Users?filter=${encodeURIComponent(filter)}&startIndex=1&count=100`;
  const memberOf = async (organizationId: string, email: string) =>
    rawDb(t)
      .selectFrom("member")
      .innerJoin("user", "user.id", "member.userId")
      .select(["member.role", "user.id"])
      .where("member.organizationId", "=", organizationId)
      .where("user.email", "=", email)
      .executeTakeFirst();
  const teamMembers = async (organizationId: string, name: string) =>
    (
      await rawDb(t)
        .selectFrom("teamMember")
        .innerJoin("team", "team.id", "teamMember.teamId")
        .innerJoin("user", "user.id", "teamMember.userId")
        .select("user.email")
        .where("team.organizationId", "=", organizationId)
        .where("team.name", "=", name)
        .execute()
    )
      .map((r) => r.email)
      .sort();

  beforeAll(async () => {
    t = await startTestApp();
    owner = await signUpWithId(t, createUser());
  });
  afterAll(async () => {
    await t?.close();
  });

  it("publishes ServiceProviderConfig, Schemas and ResourceTypes (what both read when connecting)", async () => {
    const org = (await createOrganization(t, owner.cookie)).id;
    const { token } = await scimConnection(t, owner.cookie, org);
    const config = await scimCall(t, token, "/ServiceProviderConfig");
    expect(config.status).toBe(200);
    expect(config.body.patch.supported).toBe(true);
    expect(config.body.filter.supported).toBe(true);
    new SCIMMY.Schemas.ServiceProviderConfig(config.body);
    const types = validList(
      (await scimCall(t, token, "/ResourceTypes")).body,
      (r) => new SCIMMY.Schemas.ResourceType(r),
    );
    expect(types.Resources.map((r) => r.name).sort()).toEqual(["Group", "User"]);
    const schemas = validList((await scimCall(t, token, "/Schemas")).body, () => undefined);
    expect(schemas.Resources.map((r) => r.id)).toEqual(expect.arrayContaining([SCIM_USER, SCIM_GROUP]));
  });

  it("Okta: look up, create, push a group, update with PUT, deactivate, reactivate", async () => {
    const org = (await createOrganization(t, owner.cookie)).id;
    const { token } = await scimConnection(t, owner.cookie, org, { name: "Okta" });
    const email = `okta.user@${freshDomain()}`;
    // 1. Okta checks whether the person exists first.
    const lookup = validList((await scimCall(t, token, q(`userName eq "${email}"`))).body, validUser);
    expect(lookup.totalResults).toBe(0);
    // 2. Create (Okta sends no externalId by default, and a password it generated unless told not to).
    const created = await scimCall(t, token, "/Users", {
      json: { ...scimUser(email), password: "okta-generated-Secret1!", locale: "en-US" },
    });
    expect(created.status).toBe(201);
    const id = validUser(created.body).id;
    expect(created.body).not.toHaveProperty("password");
    expect(await memberOf(org, email)).toMatchObject({ role: "member" });
    // The password Okta sent is not the account's: Gatehouse never stores a directory's password.
    const member = await memberOf(org, email);
    const accounts = await rawDb(t)
      .selectFrom("account")
      .select("id")
      .where("userId", "=", member?.id ?? "")
      .execute();
    expect(accounts).toEqual([]);
    expect(validUser((await scimCall(t, token, `/Users/${id}`)).body).id).toBe(id);
    // 3. Group push: create the group, then PATCH its members.
    const group = await scimCall(t, token, "/Groups", {
      json: { schemas: [SCIM_GROUP], displayName: "Sales", members: [] },
    });
    expect(group.status).toBe(201);
    validGroup(group.body);
    const push = await scimCall(t, token, `/Groups/${group.body.id}`, {
      method: "PATCH",
      json: patchOp({ op: "add", path: "members", value: [{ value: id, display: email }] }),
    });
    expect(push.status).toBe(200);
    expect(await teamMembers(org, "Sales")).toEqual([email]);
    // Okta renames with a replace of the whole group value.
    const renamed = await scimCall(t, token, `/Groups/${group.body.id}`, {
      method: "PATCH",
      json: patchOp({ op: "replace", value: { id: group.body.id, displayName: "Sales EMEA" } }),
    });
    expect(renamed.status).toBe(200);
    expect(await teamMembers(org, "Sales EMEA")).toEqual([email]);
    // 4. Profile update with PUT (the full resource).
    const put = await scimCall(t, token, `/Users/${id}`, {
      method: "PUT",
      json: scimUser(email, {
        id,
        name: { givenName: "Okta", familyName: "Renamed" },
        displayName: "Okta Renamed",
      }),
    });
    expect(put.status).toBe(200);
    expect(validUser(put.body).name).toMatchObject({ familyName: "Renamed" });
    // 5. Deactivate: PATCH replace with a value object.
    const off = await scimCall(t, token, `/Users/${id}`, {
      method: "PATCH",
      json: patchOp({ op: "replace", value: { active: false } }),
    });
    expect(off.status).toBe(200);
    expect(off.body.active).toBe(false);
    expect(await memberOf(org, email)).toBeUndefined();
    expect(await teamMembers(org, "Sales EMEA")).toEqual([]);
    const listed = validList((await scimCall(t, token, q(`userName eq "${email}"`))).body, validUser);
    expect(listed.Resources[0]?.active).toBe(false);
    // 6. Reactivate: membership and the group's team come back.
    await scimCall(t, token, `/Users/${id}`, {
      method: "PATCH",
      json: patchOp({ op: "replace", value: { active: true } }),
    });
    expect(await memberOf(org, email)).toMatchObject({ role: "member" });
    expect(await teamMembers(org, "Sales EMEA")).toEqual([email]);
  });

  it("Entra ID: look up, create, its PATCH quirks, group membership add/remove, delete", async () => {
    const org = (await createOrganization(t, owner.cookie)).id;
    const { token } = await scimConnection(t, owner.cookie, org, { name: "Entra ID" });
    const domain = freshDomain();
    const email = `entra.user@${domain}`;
    expect(
      validList((await scimCall(t, token, q(`userName eq "${email}"`))).body, validUser).totalResults,
    ).toBe(0);
    const created = await scimCall(t, token, "/Users", {
      json: {
        schemas: [SCIM_USER, ENTERPRISE],
        externalId: "8a1d6f0e-entra",
        userName: email,
        active: true,
        displayName: "Entra User",
        emails: [{ primary: true, type: "work", value: email }],
        meta: { resourceType: "User" },
        name: { formatted: "Entra User", familyName: "User", givenName: "Entra" },
        [ENTERPRISE]: { department: "Finance", employeeNumber: "42" },
      },
    });
    expect(created.status).toBe(201);
    const id = validUser(created.body).id;
    // Entra also looks people up by externalId.
    const byExternal = validList(
      (await scimCall(t, token, q('externalId eq "8a1d6f0e-entra"'))).body,
      validUser,
    );
    expect(byExternal.Resources.map((r) => r.id)).toEqual([id]);
    // Attribute updates: capitalised ops, a filtered email path, several operations in one request.
    const newEmail = `entra.renamed@${domain}`;
    const update = await scimCall(t, token, `/Users/${id}`, {
      method: "PATCH",
      json: patchOp(
        { op: "Replace", path: "displayName", value: "Entra Renamed" },
        { op: "Replace", path: 'emails[type eq "work"].value', value: newEmail },
        { op: "Add", path: "name.familyName", value: "Renamed" },
      ),
    });
    expect(update.status).toBe(200);
    expect(validUser(update.body).emails).toEqual([
      expect.objectContaining({ type: "work", value: newEmail }),
    ]);
    // Groups: Entra's legacy schema marker, then members added and removed by PATCH.
    const group = await scimCall(t, token, "/Groups", {
      json: { schemas: [SCIM_GROUP, ENTRA_LEGACY_GROUP], externalId: "grp-entra", displayName: "Finance" },
    });
    expect(group.status).toBe(201);
    await scimCall(t, token, `/Groups/${group.body.id}`, {
      method: "PATCH",
      json: patchOp({ op: "Add", path: "members", value: [{ value: id }] }),
    });
    const member = await memberOf(org, newEmail).then((m) => m ?? expect.unreachable());
    expect(await teamMembers(org, "Finance")).toEqual([newEmail]);
    await scimCall(t, token, `/Groups/${group.body.id}`, {
      method: "PATCH",
      json: patchOp({ op: "Remove", path: "members", value: [{ value: id }] }),
    });
    expect(await teamMembers(org, "Finance")).toEqual([]);
    // Soft delete first ("active" as the string "False"), then the hard DELETE.
    const off = await scimCall(t, token, `/Users/${id}`, {
      method: "PATCH",
      json: patchOp({ op: "Replace", path: "active", value: "False" }),
    });
    expect(off.status).toBe(200);
    expect(await memberOf(org, newEmail)).toBeUndefined();
    const del = await scimCall(t, token, `/Users/${id}`, { method: "DELETE" });
    expect(del.status).toBe(204);
    expect((await scimCall(t, token, `/Users/${id}`)).status).toBe(404);
    // Deleting the person from the directory never deletes the Gatehouse account behind it.
    const account = await rawDb(t)
      .selectFrom("user")
      .select("id")
      .where("id", "=", member.id)
      .executeTakeFirst();
    expect(account).toBeDefined();
  });
});
