// Direct inserts for benchmark fixtures: thousands of members through the API would mostly measure scrypt.
import { createHmac } from "node:crypto";
import SQLite from "better-sqlite3";
import pg from "pg";

export interface Db {
  insertMany(table: string, rows: Array<Record<string, unknown>>): Promise<void>;
  /** Refreshes the planner's statistics, as PostgreSQL's autovacuum does within a minute of a bulk insert. */
  analyze(): Promise<void>;
  kind: "sqlite" | "postgres";
  /** The texts of the mails kept in Gatehouse's outbox for an address, newest first. */
  mailsTo(email: string): Promise<string[]>;
  close(): Promise<void>;
}

export async function openSeedDb(url: string, _label: string): Promise<Db> {
  if (url.startsWith("postgres")) {
    const pool = new pg.Pool({ connectionString: url, max: 2 });
    return {
      kind: "postgres",
      async insertMany(table, rows) {
        if (rows.length === 0) return;
        const cols = Object.keys(rows[0] as object);
        const values: unknown[] = [];
        const tuples = rows.map(
          (r, i) =>
            `(${cols
              .map((c, j) => {
                values.push(r[c]);
                return `$${i * cols.length + j + 1}`;
              })
              .join(",")})`,
        );
        await pool.query(
          `insert into "${table}" (${cols.map((c) => `"${c}"`).join(",")}) values ${tuples.join(",")}`,
          values,
        );
      },
      async analyze() {
        await pool.query('analyze "member", "user"');
      },
      async mailsTo(email) {
        const { rows } = await pool.query(
          'select "text" from "outbox" where "to" = $1 order by "createdAt" desc',
          [email],
        );
        return rows.map((r) => r.text as string);
      },
      close: () => pool.end(),
    };
  }
  const db = new SQLite(url);
  db.pragma("busy_timeout = 10000");
  return {
    kind: "sqlite",
    // SQLite's planner needs no statistics for these queries.
    async analyze() {},
    async mailsTo(email) {
      const rows = db
        .prepare('select "text" from "outbox" where "to" = ? order by "createdAt" desc')
        .all(email) as Array<{ text: string }>;
      return rows.map((r) => r.text);
    },
    async insertMany(table, rows) {
      if (rows.length === 0) return;
      const cols = Object.keys(rows[0] as object);
      const stmt = db.prepare(
        `insert into "${table}" (${cols.map((c) => `"${c}"`).join(",")}) values (${cols.map(() => "?").join(",")})`,
      );
      db.transaction(() => {
        for (const r of rows) stmt.run(...cols.map((c) => r[c]));
      })();
    },
    async close() {
      db.close();
    },
  };
}

/** Adds `count` verified users to an organization as plain members. */
export async function seedMembers(db: Db, organizationId: string, count: number, tag: string): Promise<void> {
  const now = db.kind === "sqlite" ? new Date().toISOString() : new Date();
  const verified = db.kind === "sqlite" ? 1 : true;
  for (let start = 0; start < count; start += 1000) {
    const users = [];
    const members = [];
    for (let i = start; i < Math.min(count, start + 1000); i++) {
      const id = `${tag}-u${i}`;
      users.push({
        id,
        name: `Member ${i}`,
        email: `${id}@bench.test`,
        emailVerified: verified,
        createdAt: now,
        updatedAt: now,
      });
      members.push({ id: `${tag}-m${i}`, organizationId, userId: id, role: "member", createdAt: now });
    }
    await db.insertMany("user", users);
    await db.insertMany("member", members);
  }
  // Without it PostgreSQL still believes the organization has a handful of members and sorts all 10 000
  // instead of walking the join-order index (15 ms a page instead of 1 ms), which no deployment would see
  // for longer than autovacuum's first visit.
  await db.analyze();
}

/**
 * The shape of an installation built by `seedInstallation`: every user is in `membershipsPerUser`
 * organizations and has `sessionsPerUser` sessions; users 0 … bigOrganization−1 are the members of
 * organization 0, the others' memberships are spread evenly over the rest.
 */
export interface InstallationShape {
  users: number;
  organizations: number;
  /** Members of organization 0 (the big one). */
  bigOrganization: number;
  membershipsPerUser: number;
  sessionsPerUser: number;
}

/** Issue 22's large installation: 1 000 000 users, 100 000 organizations, 3 000 000 memberships, 2 000 000 sessions. */
export const MILLION: InstallationShape = {
  users: 1_000_000,
  organizations: 100_000,
  bigOrganization: 100_000,
  membershipsPerUser: 3,
  sessionsPerUser: 2,
};

/** The same shape a thousand times smaller: what the large one is measured against. */
export const THOUSAND: InstallationShape = {
  users: 1_000,
  organizations: 100,
  bigOrganization: 100,
  membershipsPerUser: 3,
  sessionsPerUser: 2,
};

// Names: 100 first names, 40 × 40 made-up English-sounding surnames and a middle initial give 4 160 000
// distinct full names; user i gets the combination number (i · 7919) mod 10⁶ (a bijection: 7919 is a prime
// prime to 10), so a small installation's thousand users are spread over all names as the million are.
const FIRST_NAMES =
  "Emma Liam Olivia Noah Ava Elijah Sophia Lucas Mia Mateo Amara Kenji Priya Omar Chloe Diego Freya Hugo Ingrid Jonas Leila Marco Nadia Oscar Paula Rafael Sara Tomas Yuki Zara Aisha Bruno Clara Dmitri Elena Felix Greta Hassan Ines Jakob Keiko Lars Maya Nikolai Olga Pedro Quinn Rosa Stefan Tara Umar Vera Wei Ximena Yusuf Zoe Anika Bastian Camila Daniel Esther Farah Gabriel Hana Ivan Julia Kofi Lina Mohammed Nora Otto Pia Rania Samuel Tessa Ulrich Valentina William Yasmin Adrian Beatriz Caspar Daria Emil Fatima Georg Helena Isak Johanna Karim Lucia Malik Nina Pablo Renata Simon Theo Ursula Viktor Astrid".split(
    " ",
  );
const SURNAME_STARTS =
  "Ash Black Bram Brook Cald Carr Cole Dal East Fair Fern Gold Green Hal Hart Hol Kings Lang Lock Mar Mill Mor Nor Oak Pem Red Ros Rut Shel Stan Stock Thorn Wake War Wes Whit Wil Wood Wyn Yar".split(
    " ",
  );
const SURNAME_ENDS =
  "ley wood ford ton well by more field ridge worth brook stone dale er man wick ham gate hurst ing son bury combe den ell ett ick low mont shaw ster thorpe vale ward win croft land moor row sby".split(
    " ",
  );
const SURNAMES = SURNAME_STARTS.flatMap((s) => SURNAME_ENDS.map((e) => `${s}${e}`));
const DOMAINS =
  "gmail.example mailbox.example northwind.example contoso.example fabrikam.example proton.example outlook.example acme.example globex.example initech.example".split(
    " ",
  );
const COMPANY_WORDS =
  "Labs Systems Partners Logistics Health Studio Foods Energy Capital Works Analytics Robotics Media Legal Travel Design Farms Bank Motors Cloud".split(
    " ",
  );
const NAME_SPACE = 1_000_000;
/** Combinations of a first name and a surname: the addresses add a number to every further round of them. */
const PAIRS = FIRST_NAMES.length * SURNAMES.length;
const NAME_STEP = 7919;

/** User i's name and address, as the SQL in `seedInstallation` builds them (the bench's searches use it). */
export function seededUser(i: number): { name: string; email: string } {
  const p = (i * NAME_STEP) % NAME_SPACE;
  const first = FIRST_NAMES[p % FIRST_NAMES.length] as string;
  const last = SURNAMES[Math.floor(p / FIRST_NAMES.length) % SURNAMES.length] as string;
  const round = Math.floor(p / PAIRS);
  const initial = String.fromCharCode(65 + ((p * 7) % 26));
  return {
    name: `${first} ${initial}. ${last}`,
    email: `${first}.${last}${round === 0 ? "" : round}@${DOMAINS[p % DOMAINS.length]}`.toLowerCase(),
  };
}

/** Session n's token: 32 characters like better-auth's, and known to the bench, which signs it into a cookie. */
export function seededSessionToken(n: number): string {
  return `seed${String(n).padStart(10, "0")}${"x".repeat(18)}`;
}

/** A session cookie as better-call signs it: `token.base64(HMAC-SHA256(secret, token))`, URI-encoded. */
export function signedCookie(name: string, token: string, secret: string): string {
  const signature = createHmac("sha256", secret).update(token).digest("base64");
  return `${name}=${encodeURIComponent(`${token}.${signature}`)}`;
}

/** The user (its number) session n belongs to: the same arithmetic as the SQL below. */
export function seededSessionUser(n: number, shape: InstallationShape): number {
  return Math.floor(n / shape.sessionsPerUser) % shape.users;
}

const sqlList = (xs: string[]) => xs.map((x) => `'${x.replace(/'/g, "''")}'`).join(",");

/**
 * Builds an installation of `shape` inside a database Gatehouse has already migrated (every table, index and
 * trigger is the server's own; nothing is dropped or rebuilt): users with distinct names and addresses,
 * organizations, memberships and valid sessions, generated inside the database — PostgreSQL's
 * `generate_series`, a recursive CTE on SQLite — one statement per table (PostgreSQL's statistics are refreshed after, as autovacuum would). Returns the
 * seconds each took.
 */
export async function seedInstallation(
  url: string,
  shape: InstallationShape,
): Promise<Record<string, number>> {
  const { users, organizations, bigOrganization, membershipsPerUser: m, sessionsPerUser: s } = shape;
  const now = Date.now();
  const others = organizations - 1;
  if (bigOrganization > users || m < 1 || s < 1 || others < m) throw new Error("impossible shape");
  // Expressions over i (user), k (membership: user k / m, slot k % m), o (organization), n (session).
  // Slot 0 of the first bigOrganization users is organization 0; every other membership k goes to
  // 1 + (k·7919 mod (organizations−1)): distinct for one user's m consecutive k, as 7919 is prime to it.
  const memberOrg = `case when k % ${m} = 0 and k / ${m} < ${bigOrganization} then 0 else 1 + (k * 7919) % ${others} end`;
  // Owners: user 0 of organization 0, and the first membership to land on each other organization.
  const memberRole = `case when k = 0 or (k < ${others} and not (k % ${m} = 0 and k / ${m} < ${bigOrganization})) then 'owner' else 'member' end`;
  const p = `((i * ${NAME_STEP}) % ${NAME_SPACE})`;
  const times: Record<string, number> = {};
  const step = async (name: string, run: () => Promise<void> | void) => {
    const start = performance.now();
    await run();
    times[name] = Math.round((performance.now() - start) / 100) / 10;
  };

  if (url.startsWith("postgres")) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const at = (msAgo: string) => `to_timestamp((${now} - (${msAgo})) / 1000.0)`;
      // int4 would overflow on i · 7919; the product is taken as bigint and its remainder fits an int again.
      const q = `((i::bigint * ${NAME_STEP}) % ${NAME_SPACE})::int`;
      const first = `(array[${sqlList(FIRST_NAMES)}])[1 + ${q} % ${FIRST_NAMES.length}]`;
      const last = `(array[${sqlList(SURNAMES)}])[1 + (${q} / ${FIRST_NAMES.length}) % ${SURNAMES.length}]`;
      const round = `case when ${q} / ${PAIRS} = 0 then '' else (${q} / ${PAIRS})::text end`;
      const domain = `(array[${sqlList(DOMAINS)}])[1 + ${q} % ${DOMAINS.length}]`;
      const initial = `chr(65 + ((${q}::bigint * 7) % 26)::int)`;
      await client.query("set synchronous_commit = off");
      await step("users", async () => {
        await client.query(`insert into "user" ("id", "name", "email", "emailVerified", "createdAt", "updatedAt", "role", "banned", "twoFactorEnabled")
          select 'u' || lpad(i::text, 7, '0'), ${first} || ' ' || ${initial} || '. ' || ${last},
            lower(${first} || '.' || ${last} || ${round} || '@' || ${domain}), true,
            ${at(`(${users} - i)::bigint * 20000`)}, ${at(`(${users} - i)::bigint * 20000`)}, 'user', false, false
          from generate_series(0, ${users - 1}) i`);
      });
      await step("organizations", async () => {
        await client.query(`insert into "organization" ("id", "name", "slug", "createdAt")
          select 'o' || lpad(o::text, 6, '0'),
            case when o = 0 then 'Acme Global' else (array[${sqlList(SURNAMES)}])[1 + o % ${SURNAMES.length}] || ' ' || (array[${sqlList(COMPANY_WORDS)}])[1 + (o / ${SURNAMES.length}) % ${COMPANY_WORDS.length}] end,
            case when o = 0 then 'acme-global' else lower((array[${sqlList(SURNAMES)}])[1 + o % ${SURNAMES.length}]) || '-' || o end,
            ${at(`(${organizations} - o)::bigint * 60000`)}
          from generate_series(0, ${organizations - 1}) o`);
      });
      await step("memberships", async () => {
        // Without triggers for this one statement (replica role; foreign keys hold by construction): the count
        // trigger's 100 000 updates of organization 0's row inside one transaction each walk the row's growing
        // chain of versions (quadratic; still running after 10 minutes). Gatehouse recounts every organization
        // at start, and the bench checks the big organization's total after.
        await client.query("set session_replication_role = replica");
        await client.query(`insert into "member" ("id", "organizationId", "userId", "role", "createdAt")
          select 'm' || lpad(k::text, 8, '0'), 'o' || lpad((${memberOrg})::text, 6, '0'),
            'u' || lpad((k / ${m})::text, 7, '0'), ${memberRole}, ${at(`(${users * m} - k)::bigint * 5000`)}
          from generate_series(0::bigint, ${users * m - 1}) k`);
        await client.query("set session_replication_role = origin");
      });
      await step("sessions", async () => {
        await client.query(`insert into "session" ("id", "token", "userId", "expiresAt", "createdAt", "updatedAt", "ipAddress", "userAgent")
          select 's' || lpad(n::text, 8, '0'), 'seed' || lpad(n::text, 10, '0') || repeat('x', 18),
            'u' || lpad((n / ${s})::text, 7, '0'), ${at("-(7 * 86400 - 3600) * 1000::bigint")},
            ${at("3600000")}, ${at("3600000")}, '10.' || ((n / 65536) % 256) || '.' || ((n / 256) % 256) || '.' || (n % 256),
            'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0'
          from generate_series(0, ${users * s - 1}) n`);
      });
      await step("analyze", async () => {
        await client.query('analyze "user", "organization", "member", "session", "gatehouse_member_count"');
      });
    } finally {
      await client.end();
    }
    return times;
  }

  const db = new SQLite(url);
  try {
    db.pragma("busy_timeout = 10000");
    db.pragma("synchronous = off");
    db.pragma("cache_size = -1000000");
    db.pragma("temp_store = memory");
    const iso = (msAgo: string) =>
      `strftime('%Y-%m-%dT%H:%M:%fZ', (${now} - (${msAgo})) / 1000.0, 'unixepoch')`;
    const series = (name: string, count: number) =>
      `with recursive s(${name}) as (select 0 union all select ${name} + 1 from s where ${name} < ${count - 1})`;
    db.exec(`create temp table seed_first (pos integer primary key, name text);
      create temp table seed_last (pos integer primary key, name text);
      create temp table seed_domain (pos integer primary key, name text);
      create temp table seed_company (pos integer primary key, name text);`);
    const fill = (table: string, xs: string[]) => {
      const insert = db.prepare(`insert into ${table} values (?, ?)`);
      for (const [i, x] of xs.entries()) insert.run(i, x);
    };
    fill("seed_first", FIRST_NAMES);
    fill("seed_last", SURNAMES);
    fill("seed_domain", DOMAINS);
    fill("seed_company", COMPANY_WORDS);
    const inTransaction = (sql: string) => {
      db.transaction(() => db.exec(sql))();
    };
    await step("users", () =>
      inTransaction(`insert into "user" ("id", "name", "email", "emailVerified", "createdAt", "updatedAt", "role", "banned", "twoFactorEnabled")
        ${series("i", users)}
        select 'u' || printf('%07d', i), f.name || ' ' || char(65 + (${p} * 7) % 26) || '. ' || l.name,
          lower(f.name || '.' || l.name || case when ${p} / ${PAIRS} = 0 then '' else ${p} / ${PAIRS} end || '@' || d.name), 1,
          ${iso(`(${users} - i) * 20000`)}, ${iso(`(${users} - i) * 20000`)}, 'user', 0, 0
        from s join seed_first f on f.pos = ${p} % ${FIRST_NAMES.length} join seed_last l on l.pos = (${p} / ${FIRST_NAMES.length}) % ${SURNAMES.length}
          join seed_domain d on d.pos = ${p} % ${DOMAINS.length}`),
    );
    await step("organizations", () =>
      inTransaction(`insert into "organization" ("id", "name", "slug", "createdAt")
        ${series("o", organizations)}
        select 'o' || printf('%06d', o), case when o = 0 then 'Acme Global' else l.name || ' ' || c.name end,
          case when o = 0 then 'acme-global' else lower(l.name) || '-' || o end, ${iso(`(${organizations} - o) * 60000`)}
        from s join seed_last l on l.pos = o % ${SURNAMES.length}
          join seed_company c on c.pos = (o / ${SURNAMES.length}) % ${COMPANY_WORDS.length}`),
    );
    await step("memberships", () =>
      inTransaction(`insert into "member" ("id", "organizationId", "userId", "role", "createdAt")
        ${series("k", users * m)}
        select 'm' || printf('%08d', k), 'o' || printf('%06d', ${memberOrg}), 'u' || printf('%07d', k / ${m}),
          ${memberRole}, ${iso(`(${users * m} - k) * 5000`)}
        from s`),
    );
    await step("sessions", () =>
      inTransaction(`insert into "session" ("id", "token", "userId", "expiresAt", "createdAt", "updatedAt", "ipAddress", "userAgent")
        ${series("n", users * s)}
        select 's' || printf('%08d', n), 'seed' || printf('%010d', n) || '${"x".repeat(18)}', 'u' || printf('%07d', n / ${s}),
          ${iso("-(7 * 86400 - 3600) * 1000")}, ${iso("3600000")}, ${iso("3600000")},
          '10.' || ((n / 65536) % 256) || '.' || ((n / 256) % 256) || '.' || (n % 256), 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0'
        from s`),
    );
    // No ANALYZE: Gatehouse never runs one on SQLite, so its planner works without statistics here as it would
    // on a grown installation.
  } finally {
    db.close();
  }
  return times;
}
