import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIST_READS, organizationListAnswers } from "#server/features/organizations/list-answers.ts";
import { organizationsOfUser } from "#server/features/organizations/lists.ts";
import { createOrganization, rawDb, seedMember, signUpWithId } from "../support/organizations.ts";
import { startTestApp, type TestApp, testDatabase } from "../support/test-app.ts";

// organization/list's hot answer is kept while its rows are unchanged (list-answers.ts): on SQLite until the next
// commit, on PostgreSQL while the list's stamp (its rows' xmin) reads the same. Kept means not read again; changed
// means read again at once, whoever wrote the rows, and never answered before its commit.
describe(`organization/list's kept answers (${testDatabase})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  /** The answers with their reads counted: lists read (with or without stamps) and stamp readings. */
  function counted() {
    const count = { lists: 0, stamps: 0 };
    const answers = organizationListAnswers(t.server.database, {
      organizationsOfUser: (db, userId) => {
        count.lists += 1;
        return LIST_READS.organizationsOfUser(db, userId);
      },
      organizationListStamps: (db, userIds) => {
        count.stamps += 1;
        return LIST_READS.organizationListStamps(db, userIds);
      },
      stampedOrganizationLists: (db, userIds) => {
        count.lists += 1;
        return LIST_READS.stampedOrganizationLists(db, userIds);
      },
    });
    const names = async (userId: string) => {
      const list = JSON.parse((await answers(userId)).toString()) as {
        name: string;
        role: string;
        logo: string | null;
        metadata: unknown;
        requireTwoFactor: boolean;
      }[];
      // Always what the database holds now.
      expect(list).toEqual(
        JSON.parse(JSON.stringify(await organizationsOfUser(t.server.database.db, userId))),
      );
      return list.map((o) => `${o.name}:${o.role}`);
    };
    return { count, answers, names };
  }

  it("reads a list once while nothing changes, and again at once after each change to its rows", async () => {
    const user = await signUpWithId(t);
    const other = await signUpWithId(t);
    const beta = await createOrganization(t, user.cookie, { name: "Beta" });
    const alpha = await createOrganization(t, other.cookie, { name: "Alpha" });
    const { count, names, answers } = counted();

    for (let i = 0; i < 4; i++) expect(await names(user.id)).toEqual(["Beta:owner"]);
    expect(count.lists).toBe(1);
    const db = rawDb(t);
    const requireTwoFactor = (on: boolean) =>
      db
        .updateTable("organization")
        .set({ requireTwoFactor: t.server.database.kind === "sqlite" ? Number(on) : on })
        .where("id", "=", beta.id)
        .execute();
    // Each write straight to the database, as another process would make it: read again, answered as written.
    const changes: [string, () => Promise<unknown>, string[]][] = [
      [
        "renamed",
        () => db.updateTable("organization").set({ name: "Beta 2" }).where("id", "=", beta.id).execute(),
        ["Beta 2:owner"],
      ],
      [
        "logo",
        () =>
          db
            .updateTable("organization")
            .set({ logo: "https://example.com/l.png" })
            .where("id", "=", beta.id)
            .execute(),
        ["Beta 2:owner"],
      ],
      [
        "metadata",
        () =>
          db
            .updateTable("organization")
            .set({ metadata: '{"tier":"gold"}' })
            .where("id", "=", beta.id)
            .execute(),
        ["Beta 2:owner"],
      ],
      ["two-factor required", () => requireTwoFactor(true), ["Beta 2:owner"]],
      // Off again: deleting it below takes an owner who meets its policy.
      ["two-factor not required", () => requireTwoFactor(false), ["Beta 2:owner"]],
      ["joined", () => seedMember(t, alpha.id, user.id, "admin"), ["Alpha:admin", "Beta 2:owner"]],
      [
        "role",
        () =>
          db
            .updateTable("member")
            .set({ role: "member" })
            .where("organizationId", "=", alpha.id)
            .where("userId", "=", user.id)
            .execute(),
        ["Alpha:member", "Beta 2:owner"],
      ],
      [
        "left",
        () =>
          db
            .deleteFrom("member")
            .where("organizationId", "=", alpha.id)
            .where("userId", "=", user.id)
            .execute(),
        ["Beta 2:owner"],
      ],
      [
        "deleted",
        async () => {
          const res = await t.request("/api/auth/organization/delete", {
            cookie: user.cookie,
            json: { organizationId: beta.id },
          });
          expect(res.status).toBe(200);
        },
        [],
      ],
    ];
    for (const [what, change, expected] of changes) {
      await change();
      const before = count.lists;
      expect(await names(user.id), what).toEqual(expected);
      expect(count.lists, `${what}: read again`).toBe(before + 1);
      expect(await names(user.id), what).toEqual(expected);
      expect(count.lists, `${what}: then kept`).toBe(before + 1);
    }
    expect(JSON.parse((await answers(user.id)).toString())).toEqual([]);
  });

  it("answers a row rewritten with the same values the same, and keeps it", async () => {
    const user = await signUpWithId(t);
    const org = await createOrganization(t, user.cookie, { name: "Same" });
    const { count, names } = counted();
    expect(await names(user.id)).toEqual(["Same:owner"]);
    await rawDb(t).updateTable("organization").set({ name: "Same" }).where("id", "=", org.id).execute();
    expect(await names(user.id)).toEqual(["Same:owner"]);
    const reads = count.lists;
    expect(reads).toBeLessThanOrEqual(2);
    expect(await names(user.id)).toEqual(["Same:owner"]);
    expect(count.lists).toBe(reads);
  });

  it("keeps other users' lists through a change to one user's rows on PostgreSQL (SQLite forgets all at a commit)", async () => {
    const first = await signUpWithId(t);
    const second = await signUpWithId(t);
    const org = await createOrganization(t, first.cookie, { name: "First's" });
    await createOrganization(t, second.cookie, { name: "Second's" });
    const { count, names } = counted();
    expect(await names(first.id)).toEqual(["First's:owner"]);
    expect(await names(second.id)).toEqual(["Second's:owner"]);
    expect(count.lists).toBe(2);
    await rawDb(t)
      .updateTable("organization")
      .set({ name: "First's, renamed" })
      .where("id", "=", org.id)
      .execute();
    expect(await names(second.id)).toEqual(["Second's:owner"]);
    expect(await names(first.id)).toEqual(["First's, renamed:owner"]);
    expect(count.lists).toBe(t.server.database.kind === "postgres" ? 3 : 4);
  });

  it("never answers a change before its commit, and answers it at once after", async () => {
    const user = await signUpWithId(t);
    const org = await createOrganization(t, user.cookie, { name: "Before" });
    const { names } = counted();
    expect(await names(user.id)).toEqual(["Before:owner"]);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let written = () => {};
    const inside = new Promise<void>((resolve) => {
      written = resolve;
    });
    const transaction = rawDb(t)
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable("organization").set({ name: "After" }).where("id", "=", org.id).execute();
        written();
        await held;
      });
    await inside;
    expect(await names(user.id)).toEqual(["Before:owner"]);
    release();
    await transaction;
    expect(await names(user.id)).toEqual(["After:owner"]);
  });
});
