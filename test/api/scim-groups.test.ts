import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventsOf } from "../support/audit.ts";
import { freshDomain } from "../support/domains.ts";
import { createOrganization, rawDb, signUpWithId } from "../support/organizations.ts";
import {
  expectScimError,
  patchOp,
  SCIM_GROUP,
  scimCall,
  scimConnection,
  scimUser,
  seedVerifiedDomain,
  validGroup,
  validList,
} from "../support/scim.ts";
import { startTestApp, type TestApp, testDatabase } from "../support/test-app.ts";
import { createUser } from "../support/users.ts";

describe(`SCIM /Groups: groups as teams, group mappings as roles (${testDatabase})`, () => {
  let t: TestApp;
  let orgId: string;
  let token: string;
  let domain: string;
  let ownerCookie: string;
  const people: { scimId: string; userId: string }[] = [];

  const teamOf = (groupId: string) =>
    rawDb(t)
      .selectFrom("scim_group_team")
      .innerJoin("team", "team.id", "scim_group_team.teamId")
      .select(["team.id", "team.name", "team.organizationId"])
      .where("scim_group_team.groupId", "=", groupId)
      .executeTakeFirst();
  const teamMembers = async (teamId: string) =>
    (await rawDb(t).selectFrom("teamMember").select("userId").where("teamId", "=", teamId).execute())
      .map((r) => r.userId)
      .sort();
  const roleOf = async (userId: string) =>
    (
      await rawDb(t)
        .selectFrom("member")
        .select("role")
        .where("organizationId", "=", orgId)
        .where("userId", "=", userId)
        .executeTakeFirst()
    )?.role;
  const ids = (...n: number[]) => n.map((i) => people[i]?.userId).sort();

  beforeAll(async () => {
    t = await startTestApp();
    const owner = await signUpWithId(t, createUser());
    ownerCookie = owner.cookie;
    orgId = (await createOrganization(t, owner.cookie)).id;
    domain = freshDomain();
    await seedVerifiedDomain(t, orgId, domain);
    ({ token } = await scimConnection(t, owner.cookie, orgId, {
      name: "Entra ID",
      groupMappings: [{ group: "Gatehouse Admins", role: "admin", teamId: null }],
    }));
    for (const n of [0, 1, 2]) {
      const res = await scimCall(t, token, "/Users", { json: scimUser(`p.${n}@${domain}`) });
      const row = await rawDb(t)
        .selectFrom("scimUser")
        .select("userId")
        .where("id", "=", res.body.id)
        .executeTakeFirstOrThrow();
      people.push({ scimId: res.body.id, userId: row.userId });
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  it("a group becomes a team of its name with its members; renamed with it; deleted with it (the people stay members)", async () => {
    const created = await scimCall(t, token, "/Groups", {
      json: { schemas: [SCIM_GROUP], displayName: "Engineering", members: [{ value: people[0]?.scimId }] },
    });
    expect(created.status).toBe(201);
    validGroup(created.body);
    const team = await teamOf(created.body.id).then((x) => x ?? expect.unreachable());
    expect(team).toMatchObject({ name: "Engineering", organizationId: orgId });
    expect(await teamMembers(team.id)).toEqual(ids(0));

    // Entra ID: add with a value array, remove with a filter path, "Add"/"Remove" capitalised.
    const added = await scimCall(t, token, `/Groups/${created.body.id}`, {
      method: "PATCH",
      json: patchOp({
        op: "Add",
        path: "members",
        value: [{ value: people[1]?.scimId }, { value: people[2]?.scimId }],
      }),
    });
    expect(added.status).toBe(200);
    expect(await teamMembers(team.id)).toEqual(ids(0, 1, 2));
    const removed = await scimCall(t, token, `/Groups/${created.body.id}`, {
      method: "PATCH",
      json: patchOp({ op: "Remove", path: `members[value eq "${people[0]?.scimId}"]` }),
    });
    expect(removed.status).toBe(200);
    expect(await teamMembers(team.id)).toEqual(ids(1, 2));
    // Okta: remove with a value array.
    await scimCall(t, token, `/Groups/${created.body.id}`, {
      method: "PATCH",
      json: patchOp({ op: "remove", path: "members", value: [{ value: people[2]?.scimId }] }),
    });
    expect(await teamMembers(team.id)).toEqual(ids(1));

    const renamed = await scimCall(t, token, `/Groups/${created.body.id}`, {
      method: "PATCH",
      json: patchOp({ op: "Replace", path: "displayName", value: "Platform Engineering" }),
    });
    expect(renamed.status).toBe(200);
    expect((await teamOf(created.body.id))?.name).toBe("Platform Engineering");

    const list = validList(
      (
        await scimCall(
          t,
          token,
          `/Groups?filter=${encodeURIComponent('displayName eq "Platform Engineering"')}`,
        )
      ).body,
      validGroup,
    );
    expect(list.Resources.map((g) => g.id)).toEqual([created.body.id]);

    const del = await scimCall(t, token, `/Groups/${created.body.id}`, { method: "DELETE" });
    expect(del.status).toBe(204);
    expect(
      await rawDb(t).selectFrom("team").select("id").where("id", "=", team.id).executeTakeFirst(),
    ).toBeUndefined();
    expect(await teamMembers(team.id)).toEqual([]);
    expect(await roleOf(people[1]?.userId ?? "")).toBe("member");
    const deleted = await eventsOf(t, { action: "team.deleted", targetId: team.id });
    expect(deleted).toHaveLength(1);
    expectScimError(await scimCall(t, token, `/Groups/${created.body.id}`), 404);
  });

  it("a group with a role mapping grants its members the role, and leaving it takes the role away", async () => {
    const admins = await scimCall(t, token, "/Groups", {
      json: { schemas: [SCIM_GROUP], displayName: "Gatehouse Admins", members: [] },
    });
    expect(admins.status).toBe(201);
    await scimCall(t, token, `/Groups/${admins.body.id}`, {
      method: "PATCH",
      json: patchOp({ op: "add", path: "members", value: [{ value: people[2]?.scimId }] }),
    });
    expect(await roleOf(people[2]?.userId ?? "")).toBe("admin");
    expect(await roleOf(people[1]?.userId ?? "")).toBe("member");
    await scimCall(t, token, `/Groups/${admins.body.id}`, {
      method: "PATCH",
      json: patchOp({ op: "remove", path: `members[value eq "${people[2]?.scimId}"]` }),
    });
    expect(await roleOf(people[2]?.userId ?? "")).toBe("member");
  });

  it("accepts Entra ID's legacy group schema marker; refuses a bad group body and an unknown member", async () => {
    const legacy = await scimCall(t, token, "/Groups", {
      json: {
        schemas: [SCIM_GROUP, "http://schemas.microsoft.com/2006/11/ResourceManagement/ADSCIM/2.0/Group"],
        displayName: "Legacy",
        externalId: "entra-legacy",
      },
    });
    expect(legacy.status).toBe(201);
    expectScimError(
      await scimCall(t, token, "/Groups", { json: { schemas: [SCIM_GROUP] } }),
      400,
      "invalidValue",
    );
    const unknown = await scimCall(t, token, "/Groups", {
      json: { schemas: [SCIM_GROUP], displayName: "Ghosts", members: [{ value: "no-such-user" }] },
    });
    expect(unknown.status).toBeGreaterThanOrEqual(400);
    expect(unknown.status).toBeLessThan(500);
    const ghosts = await rawDb(t).selectFrom("team").select("id").where("name", "=", "Ghosts").execute();
    expect(ghosts).toEqual([]);
  });

  it("a PUT replaces the group: the team takes its new name and exactly its new members", async () => {
    const created = await scimCall(t, token, "/Groups", {
      json: {
        schemas: [SCIM_GROUP],
        displayName: "Design",
        externalId: "okta-design",
        members: [{ value: people[0]?.scimId }, { value: people[1]?.scimId }],
      },
    });
    expect(created.status).toBe(201);
    const team = await teamOf(created.body.id).then((x) => x ?? expect.unreachable());
    expect(team.name).toBe("Design");
    expect(await teamMembers(team.id)).toEqual(ids(0, 1));

    // Okta's group push: the whole group, by PUT (one member stays, one leaves, one comes).
    const replaced = await scimCall(t, token, `/Groups/${created.body.id}`, {
      method: "PUT",
      json: {
        schemas: [SCIM_GROUP],
        id: created.body.id,
        displayName: "Product Design",
        externalId: "okta-design",
        members: [{ value: people[1]?.scimId }, { value: people[2]?.scimId }],
      },
    });
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
    validGroup(replaced.body);
    expect(replaced.body.id).toBe(created.body.id);
    expect(replaced.body.displayName).toBe("Product Design");
    expect((replaced.body.members ?? []).map((m: { value: string }) => m.value).sort()).toEqual(
      [people[1]?.scimId, people[2]?.scimId].sort(),
    );
    // The same team (not a new one), renamed, with exactly the group's members.
    const after = await teamOf(created.body.id).then((x) => x ?? expect.unreachable());
    expect(after).toMatchObject({ id: team.id, name: "Product Design", organizationId: orgId });
    expect(await teamMembers(team.id)).toEqual(ids(1, 2));
    const read = await scimCall(t, token, `/Groups/${created.body.id}`);
    expect(read.status).toBe(200);
    validGroup(read.body);
    expect(read.body.displayName).toBe("Product Design");

    // A PUT that empties the group empties the team (the people stay members of the organization).
    const emptied = await scimCall(t, token, `/Groups/${created.body.id}`, {
      method: "PUT",
      json: { schemas: [SCIM_GROUP], displayName: "Product Design", members: [] },
    });
    expect(emptied.status).toBe(200);
    validGroup(emptied.body);
    expect(await teamMembers(team.id)).toEqual([]);
    expect(await roleOf(people[1]?.userId ?? "")).toBe("member");

    // Bad input: an unknown group, an empty name; nothing changes.
    expectScimError(
      await scimCall(t, token, "/Groups/no-such-group", {
        method: "PUT",
        json: { schemas: [SCIM_GROUP], displayName: "Nobody" },
      }),
      404,
    );
    expectScimError(
      await scimCall(t, token, `/Groups/${created.body.id}`, {
        method: "PUT",
        json: { schemas: [SCIM_GROUP], displayName: "  " },
      }),
      400,
      "invalidValue",
    );
    expect((await teamOf(created.body.id))?.name).toBe("Product Design");
  });

  it("lists groups page by page with startIndex and count, every group once", async () => {
    // A connection of its own, so that the list holds only this test's groups.
    const paging = await scimConnection(t, ownerCookie, orgId, { name: "Okta paging" });
    const made: string[] = [];
    for (const n of [1, 2, 3, 4, 5]) {
      const res = await scimCall(t, paging.token, "/Groups", {
        json: { schemas: [SCIM_GROUP], displayName: `Paged ${n}` },
      });
      expect(res.status).toBe(201);
      made.push(res.body.id);
    }
    const page = async (query: string) => {
      const res = await scimCall(t, paging.token, `/Groups?${query}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return validList(res.body, validGroup);
    };

    const all = await page("");
    expect(all).toMatchObject({ totalResults: 5, startIndex: 1, itemsPerPage: 5 });
    const order = all.Resources.map((g) => g.id);
    expect([...order].sort()).toEqual([...made].sort());

    const seen: string[] = [];
    for (const [startIndex, size] of [
      [1, 2],
      [3, 2],
      [5, 1],
    ] as const) {
      const list = await page(`startIndex=${startIndex}&count=2`);
      expect(list).toMatchObject({ totalResults: 5, startIndex, itemsPerPage: size });
      expect(list.Resources).toHaveLength(size);
      seen.push(...list.Resources.map((g) => g.id));
    }
    // The pages are the full list cut in order: no group twice, none left out.
    expect(seen).toEqual(order);

    const past = await page("startIndex=6&count=2");
    expect(past).toMatchObject({ totalResults: 5, startIndex: 6, itemsPerPage: 0 });
    expect(past.Resources).toEqual([]);
    const countOnly = await page("count=0");
    expect(countOnly).toMatchObject({ totalResults: 5, itemsPerPage: 0 });
    expect(countOnly.Resources).toEqual([]);
    // A filter pages too: totalResults counts the matches.
    const filtered = await page(`filter=${encodeURIComponent('displayName eq "Paged 3"')}&count=1`);
    expect(filtered.totalResults).toBe(1);
    expect(filtered.Resources.map((g) => g.displayName)).toEqual(["Paged 3"]);

    expectScimError(await scimCall(t, paging.token, "/Groups?startIndex=first&count=2"), 400, "invalidValue");
    expectScimError(await scimCall(t, paging.token, "/Groups?count=many"), 400, "invalidValue");
    // The first connection's groups are not this one's.
    const other = validList((await scimCall(t, token, "/Groups?count=100")).body, validGroup);
    expect(other.Resources.map((g) => g.id)).not.toContain(made[0]);
  });
});
