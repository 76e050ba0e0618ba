import { randomBytes } from "node:crypto";
import { Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Logger } from "#server/boot/logger.ts";
import type { Db } from "#server/db/tables.ts";
import {
  migrateUserSearchIndex,
  nameOrEmailMatches,
  POSTGRES_INDEX,
  SEPARATOR,
  USER_SEARCH_TABLE,
} from "#server/features/admin/user-search-index.ts";
import { startTestApp, type TestApp, testDatabase } from "../support/test-app.ts";
import { createUser, signUpVerified } from "../support/users.ts";

interface Listed {
  users: Array<{ id: string; name: string; email: string; emailVerified: boolean; createdAt: string }>;
  total: number;
  limit?: number;
  offset?: number;
}

/**
 * The admin's one search box (GET /admin/list-users with a searchValue and no searchField) answers from the
 * text index (issue 22, decision 41): FTS5 trigram on SQLite, pg_trgm on PostgreSQL. Every answer is checked
 * against the plain rule computed here over all users: name or address contains the term, case-insensitively,
 * with % and _ literal.
 */
describe(`admin user search over the text index (${testDatabase})`, () => {
  let t: TestApp;
  let admin: string;
  const tag = `zk${Date.now().toString(36)}`;

  const list = async (query: string): Promise<Listed> => {
    const res = await t.request(`/api/auth/admin/list-users?${query}`, { cookie: admin });
    expect(res.status, query).toBe(200);
    return res.json();
  };
  const search = (term: string, more = "") => list(`searchValue=${encodeURIComponent(term)}${more}`);
  const create = async (name: string, email: string) => {
    const res = await t.request("/api/auth/admin/create-user", {
      cookie: admin,
      json: { name, email, password: "password 12345" },
    });
    expect(res.status, email).toBe(200);
    return ((await res.json()) as { user: { id: string } }).user.id;
  };
  /** Every user, read without a search (better-auth's own list). */
  const everyone = async () => (await list("limit=1000")).users;
  /** The database's lower(): SQLite's folds ASCII letters only. */
  const lower = (text: string) =>
    testDatabase.startsWith("sqlite") ? text.replace(/[A-Z]/g, (c) => c.toLowerCase()) : text.toLowerCase();
  /** The plain rule: what a scan of the whole table answers. */
  const expected = async (term: string) => {
    const folded = lower(term);
    return (await everyone())
      .filter((u) => lower(u.name).includes(folded) || lower(u.email).includes(folded))
      .map((u) => u.id)
      .sort();
  };
  const ids = (body: Listed) => body.users.map((u) => u.id).sort();

  beforeAll(async () => {
    const email = `boss-${tag}@example.test`;
    t = await startTestApp({ ADMIN_EMAILS: email });
    admin = (await signUpVerified(t, createUser({ email, name: "The Boss" }))).cookie;
    await create(`Ada Lovelace ${tag}`, `ada.${tag}@analytical.test`);
    await create("Grace Hopper", `grace-${tag}@navy.test`);
    await create(`Alan TURING`, `alan@bletchley-${tag}.test`);
    await create("Percent 50%off", `pct-${tag}@example.test`);
    await create("Under a_b score", `und-${tag}@example.test`);
    await create("Under axb score", `unx-${tag}@example.test`);
    await create("Émile Zola", `emile-${tag}@example.test`);
    await create("Jo Qx", `jo-${tag}@example.test`);
    // FTS5 folds the Kelvin sign to "k"; SQLite's lower() keeps it, PostgreSQL's folds it.
    await create(`\u212Aelvin Sign ${tag}`, `ks-${tag}@example.test`);
    await create(`ÅSA Öberg ${tag}`, `asa-${tag}@example.test`);
    // The separator of PostgreSQL's indexed text inside a name (which the API refuses; a direct write may not).
    const lines = await create(`Two Lines ${tag}`, `lines-${tag}@example.test`);
    await t.server.database.db
      .updateTable("user")
      .set({ name: `Two${SEPARATOR}Lines ${tag}` })
      .where("id", "=", lines)
      .execute();
    await create(`Ends In ab`, `cd-${tag}@example.test`);
  });
  afterAll(() => t.close());

  it("finds a user by part of the name or of the address, case-insensitively, as the plain rule does", async () => {
    const terms = [
      "lovelace",
      "LOVE",
      "opper",
      "navy.te",
      "Bletchley",
      "turing",
      "ALAN@",
      tag,
      "mile z",
      "Émil",
      "\u212Aelvin",
      "ELVIN SIGN",
      "ÅSA",
      "Öberg",
      `SA Öberg ${tag}`,
    ];
    for (const term of terms) {
      const body = await search(term);
      expect(ids(body), term).toEqual(await expected(term));
      expect(body.total, term).toBe(body.users.length);
      expect(body.users.length, term).toBeGreaterThan(0);
    }
    for (const term of ["kelvin", "åsa", "öBERG"]) {
      // Typed in another case than stored, a non-ASCII letter matches on PostgreSQL only (on SQLite the index
      // folds it, and the answer still follows lower()).
      const body = await search(term);
      expect(ids(body), term).toEqual(await expected(term));
      expect(body.total, term).toBe(testDatabase.startsWith("sqlite") ? 0 : 1);
    }
    expect((await search("Lovelace")).users.map((u) => u.name)).toEqual([`Ada Lovelace ${tag}`]);
    expect((await search("NAVY.test")).users.map((u) => u.name)).toEqual(["Grace Hopper"]);
    expect((await search(`nobody-${tag}`)).total).toBe(0);
    // Typed as stored, a non-ASCII letter matches on both databases; PostgreSQL's lower() folds it too.
    expect((await search("éMIL")).total).toBe(testDatabase.startsWith("sqlite") ? 0 : 1);
    expect((await search("Émile")).users.map((u) => u.name)).toEqual(["Émile Zola"]);
  });

  it("takes %, _, \\ and quotes literally", async () => {
    expect((await search("50%off")).users.map((u) => u.name)).toEqual(["Percent 50%off"]);
    expect((await search("a_b s")).users.map((u) => u.name)).toEqual(["Under a_b score"]);
    // Not wildcards: "%" and "_" would match every one of these in a plain LIKE.
    expect((await search("r%s")).total).toBe(0);
    expect((await search("a_b")).users.map((u) => u.name)).toEqual(["Under a_b score"]);
    expect((await search("%")).users.map((u) => u.name)).toEqual(["Percent 50%off"]);
    expect((await search("_")).users.map((u) => u.name)).toEqual(["Under a_b score"]);
    for (const term of ['"ada', "ada\\", 'x" OR "y', "{name}:ada"]) {
      expect((await search(term)).total, term).toBe(0);
    }
  });

  it("finds a term holding the separator of PostgreSQL's indexed text only where one field holds it", async () => {
    expect((await search(`two${SEPARATOR}lines`)).users.map((u) => u.email)).toEqual([
      `lines-${tag}@example.test`,
    ]);
    expect((await search(`o${SEPARATOR}L`)).users.map((u) => u.email)).toEqual([`lines-${tag}@example.test`]);
    // The end of one name and the start of its address: one text on PostgreSQL's index, no match by the rule.
    for (const term of [`ab${SEPARATOR}cd-${tag}`, `in ab${SEPARATOR}cd`, `b${SEPARATOR}c`]) {
      const body = await search(term);
      expect([body.total, ids(body)], JSON.stringify(term)).toEqual([0, await expected(term)]);
    }
    const starts = await search(`two${SEPARATOR}`, "&searchOperator=starts_with");
    expect(starts.users.map((u) => u.email)).toEqual([`lines-${tag}@example.test`]);
    expect((await search(`ab${SEPARATOR}cd`, "&searchOperator=ends_with")).total).toBe(0);
  });

  it("answers terms shorter than three characters (a plain scan) by the same rule", async () => {
    for (const term of ["Qx", "qX", "é", "É", "jo", "%o"]) {
      const body = await search(term);
      expect(ids(body), term).toEqual(await expected(term));
    }
    expect((await search("qx")).users.map((u) => u.name)).toEqual(["Jo Qx"]);
  });

  it("pages, sorts and counts the matches; the total is every match, not the page", async () => {
    const all = await search(tag, "&sortBy=email&sortDirection=asc");
    const emails = all.users.map((u) => u.email);
    expect(emails).toEqual([...emails].sort());
    expect(all.total).toBe((await expected(tag)).length);
    expect(all.total).toBeGreaterThanOrEqual(8);
    const pages: string[] = [];
    for (let offset = 0; offset < all.total; offset += 3) {
      const page = await search(tag, `&sortBy=email&sortDirection=asc&limit=3&offset=${offset}`);
      expect([page.total, page.limit, page.users.length]).toEqual([
        all.total,
        3,
        Math.min(3, all.total - offset),
      ]);
      pages.push(...page.users.map((u) => u.email));
    }
    expect(pages).toEqual(emails);
    // Without an order (on SQLite the index's own, with no user row read) the pages still never overlap.
    const unordered: string[] = [];
    for (let offset = 0; offset < all.total; offset += 3) {
      const page = await search(tag, `&limit=3&offset=${offset}`);
      expect(page.total).toBe(all.total);
      unordered.push(...page.users.map((u) => u.id));
    }
    expect([...unordered].sort()).toEqual(await expected(tag));
    // Past the last match the page is empty and the total still counts every match.
    const past = await search(tag, `&limit=5&offset=${all.total + 10}`);
    expect([past.users, past.total, past.offset]).toEqual([[], all.total, all.total + 10]);
    const desc = await search(tag, "&sortBy=name&sortDirection=desc&limit=2");
    const names = all.users.map((u) => u.name).sort();
    expect(desc.users.map((u) => u.name)).toEqual(names.reverse().slice(0, 2));
  });

  it("keeps better-auth's filters and operators beside the search", async () => {
    // Users made by an admin are unverified; the admin is verified and not a match.
    const unverified = await search(tag, "&filterField=emailVerified&filterOperator=eq&filterValue=false");
    expect(unverified.total).toBe((await expected(tag)).length - 1);
    const verified = await search(tag, "&filterField=emailVerified&filterValue=true");
    expect(verified.users.map((u) => u.name)).toEqual(["The Boss"]);
    const starts = await search("grace", "&searchOperator=starts_with");
    expect(starts.users.map((u) => u.name)).toEqual(["Grace Hopper"]);
    expect((await search("hopper", "&searchOperator=starts_with")).total).toBe(0);
    const ends = await search(`${tag}.test`, "&searchOperator=ends_with");
    expect(ends.users.map((u) => u.name)).toEqual(["Alan TURING"]);
    // A field better-auth's user does not have is a 400, not a 500.
    for (const query of [
      "&sortBy=password",
      "&filterField=secret&filterValue=x",
      "&filterOperator=in&filterValue=x",
    ]) {
      const res = await t.request(`/api/auth/admin/list-users?searchValue=${tag}${query}`, { cookie: admin });
      expect(res.status, query).toBe(400);
    }
  });

  it("answers starts_with and ends_with by the same rule, long terms and short", async () => {
    const users = await everyone();
    const rule = (term: string, operator: "starts_with" | "ends_with") =>
      users
        .filter((u) =>
          [u.name, u.email].some((v) =>
            operator === "starts_with" ? lower(v).startsWith(lower(term)) : lower(v).endsWith(lower(term)),
          ),
        )
        .map((u) => u.id)
        .sort();
    const cases: Array<[string, "starts_with" | "ends_with"]> = [
      ["ADA", "starts_with"],
      ["ada.", "starts_with"],
      ["Un", "starts_with"],
      ["grace-", "starts_with"],
      ["score", "ends_with"],
      [`${tag}.TEST`, "ends_with"],
      ["st", "ends_with"],
      ["%off", "ends_with"],
    ];
    for (const [term, operator] of cases) {
      const body = await search(term, `&searchOperator=${operator}&limit=100`);
      expect(ids(body), `${operator} ${term}`).toEqual(rule(term, operator));
      expect(body.total, `${operator} ${term}`).toBe(body.users.length);
    }
  });

  it("reads the matches of a long term from the index, not by scanning the user table", async () => {
    const db = t.server.database.db;
    const matches = nameOrEmailMatches(t.server.database.kind, "lovelace", "contains");
    if (t.server.database.kind === "sqlite") {
      const query = db.selectFrom("user").select("user.id").where(matches).compile();
      const plan = await t.server.database.readAll(`explain query plan ${query.sql}`, [...query.parameters]);
      const steps = plan.map((row) => String(row.detail));
      expect(
        steps.some((s) => s.includes(`${USER_SEARCH_TABLE} VIRTUAL TABLE INDEX`)),
        steps.join("; "),
      ).toBe(true);
      expect(
        steps.some((s) => /^SCAN user\b/.test(s)),
        steps.join("; "),
      ).toBe(false);
    } else {
      // A tiny table is cheaper to scan; with scans priced out, the plan shows the index serves the condition,
      // and checks nothing more than the one LIKE over the indexed text.
      const plan = await db.transaction().execute(async (trx) => {
        await sql`set local enable_seqscan = off`.execute(trx);
        return trx.selectFrom("user").select("user.id").where(matches).explain();
      });
      const text = plan.map((row) => Object.values(row)[0]).join("\n");
      expect(text).toContain(`Bitmap Index Scan on ${POSTGRES_INDEX}`);
      expect(text).not.toContain("BitmapOr");
      expect(text.match(/~~/g), text).toHaveLength(2);
    }
  });

  it("follows renames, address changes and deletions at once", async () => {
    const id = await create(`Rupert Old${tag}`, `rupert-old-${tag}@example.test`);
    expect(ids(await search(`Old${tag}`))).toEqual([id]);
    const update = await t.request("/api/auth/admin/update-user", {
      cookie: admin,
      json: { userId: id, data: { name: `Rupert Neu${tag}` } },
    });
    expect(update.status).toBe(200);
    expect(ids(await search(`Neu${tag}`))).toEqual([id]);
    expect((await search(`Old${tag}`)).total).toBe(0);
    expect(ids(await search(`old-${tag}`))).toEqual([id]);
    // An address changed by any path (here a direct write) is in the index with the row.
    await t.server.database.db
      .updateTable("user")
      .set({ email: `rupert-moved-${tag}@example.test` })
      .where("id", "=", id)
      .execute();
    expect(ids(await search(`moved-${tag}`))).toEqual([id]);
    expect((await search(`old-${tag}`)).total).toBe(0);

    const removed = await t.request("/api/auth/admin/remove-user", { cookie: admin, json: { userId: id } });
    expect(removed.status).toBe(200);
    expect((await search(`Neu${tag}`)).total).toBe(0);
    expect((await search(`moved-${tag}`)).total).toBe(0);
  });

  it("is built from the users already there and survives migrating again", async () => {
    const db = t.server.database.db;
    const kind = t.server.database.kind;
    const before = await search(tag, "&sortBy=email");
    if (kind === "sqlite") {
      // An installation from before the index: no table, no triggers, users in "user".
      const dropAll = async () => {
        for (const name of ["added", "changed", "removed"]) {
          await sql`drop trigger ${sql.raw(`gatehouse_user_search_${name}`)}`.execute(db);
        }
        await sql`drop table ${sql.table(USER_SEARCH_TABLE)}`.execute(db);
        await sql`drop table gatehouse_user_search_row`.execute(db);
      };
      await dropAll();
      const late = await create(`Late Comer ${tag}`, `late-${tag}@example.test`);
      await migrateUserSearchIndex(db, kind);
      expect(ids(await search(`Late Comer ${tag}`))).toEqual([late]);
      await t.request("/api/auth/admin/remove-user", { cookie: admin, json: { userId: late } });
      // An installation with decision 41's first index (FTS5 folding case itself), kept by the same triggers.
      await dropAll();
      await sql`create table gatehouse_user_search_row (row integer primary key, user_id text not null unique)`.execute(
        db,
      );
      await sql`create virtual table gatehouse_user_search using fts5(name, email, content = '',
        contentless_delete = 1, tokenize = 'trigram')`.execute(db);
      await sql`insert into gatehouse_user_search_row (user_id) select id from "user"`.execute(db);
      await sql`insert into gatehouse_user_search (rowid, name, email) select r.row, u.name, u.email
        from gatehouse_user_search_row r join "user" u on u.id = r.user_id`.execute(db);
      await migrateUserSearchIndex(db, kind);
      const tables = await sql<{ name: string }>`select name from sqlite_master
        where type = 'table' and name in ('gatehouse_user_search', ${USER_SEARCH_TABLE})`.execute(db);
      expect(tables.rows.map((r) => r.name)).toEqual([USER_SEARCH_TABLE]);
      expect(await search(tag, "&sortBy=email")).toEqual(before);
      expect((await search("kelvin")).total).toBe(0);
    } else {
      const trigramIndexes = async () =>
        (
          await sql<{ indexname: string }>`select indexname from pg_indexes
            where schemaname = current_schema() and tablename = 'user' and indexdef like '%gin_trgm_ops%'`.execute(
            db,
          )
        ).rows
          .map((r) => r.indexname)
          .sort();
      expect(await trigramIndexes()).toEqual([POSTGRES_INDEX]);
      // An installation with decision 41's first indexes (one per column): replaced by the one.
      await sql`drop index ${sql.id(POSTGRES_INDEX)}`.execute(db);
      for (const column of ["email", "name"]) {
        await sql`create index ${sql.id(`gatehouse_user_${column}_trgm`)} on "user"
          using gin (lower(${sql.id(column)}) public.gin_trgm_ops)`.execute(db);
      }
      await migrateUserSearchIndex(db, kind);
      expect(await trigramIndexes()).toEqual([POSTGRES_INDEX]);
      const options = await sql<{ options: string[] }>`select c.reloptions as options from pg_class c
        where c.oid = to_regclass(${POSTGRES_INDEX})`.execute(db);
      expect(options.rows[0]?.options).toEqual(["gin_pending_list_limit=64"]);
    }
    await migrateUserSearchIndex(db, kind);
    await migrateUserSearchIndex(db, kind);
    expect(await search(tag, "&sortBy=email")).toEqual(before);
  });
});

if (process.env.TEST_DATABASE_URL) {
  describe("admin user search where the role may not create pg_trgm (postgres)", () => {
    const suffix = randomBytes(4).toString("hex");
    const role = `gh_plain_${suffix}`;
    const database = `gh_notrgm_${suffix}`;
    const base = process.env.TEST_DATABASE_URL as string;
    const asSuperuser = async (url: string, statements: string[]) => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        for (const statement of statements) await client.query(statement);
      } finally {
        await client.end();
      }
    };
    const inDatabase = () => {
      const url = new URL(base);
      url.pathname = `/${database}`;
      return url;
    };

    beforeAll(async () => {
      // A database of its own (pg_trgm is per database), and a role without CREATE on it.
      await asSuperuser(base, [`create role ${role} login`, `create database ${database}`]);
      await asSuperuser(inDatabase().toString(), [`create schema app authorization ${role}`]);
    });
    afterAll(async () => {
      await asSuperuser(base, [
        `drop database if exists ${database} with (force)`,
        `drop role if exists ${role}`,
      ]);
    });

    it("starts with a warning and answers the same search by scanning", async () => {
      const url = inDatabase();
      url.username = role;
      url.searchParams.set("options", "-c search_path=app");
      const db = new Kysely({
        dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url.toString() }) }),
      }) as unknown as Db;
      try {
        await sql`create table "user" (id text primary key, name text not null, email text not null)`.execute(
          db,
        );
        await sql`insert into "user" values ('a', 'Ada Lovelace', 'ada@example.test'), ('b', 'Bea', 'b_x@example.test')`.execute(
          db,
        );
        const warnings: string[] = [];
        const logger = { warn: (message: string) => warnings.push(message) } as unknown as Logger;
        await migrateUserSearchIndex(db, "postgres", logger);
        expect(warnings).toHaveLength(1);
        expect(warnings[0]).toContain("pg_trgm");
        const extensions = await sql<{
          extname: string;
        }>`select extname from pg_extension where extname = 'pg_trgm'`.execute(db);
        expect(extensions.rows).toEqual([]);
        const found = async (term: string) =>
          (
            await db
              .selectFrom("user")
              .select("id")
              .where(nameOrEmailMatches("postgres", term, "contains"))
              .execute()
          ).map((r) => r.id);
        expect(await found("LOVEL")).toEqual(["a"]);
        expect(await found("b_x")).toEqual(["b"]);
        expect(await found("a_a")).toEqual([]);
      } finally {
        await (db as unknown as Kysely<unknown>).destroy();
      }
    });
  });
}
