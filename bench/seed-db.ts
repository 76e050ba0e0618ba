// Direct inserts for benchmark fixtures: thousands of members through the API would mostly measure scrypt.
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
