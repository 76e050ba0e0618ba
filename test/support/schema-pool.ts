import { randomBytes } from "node:crypto";
import pg from "pg";
import { inject } from "vitest";
import type { TestProject } from "vitest/node";

/**
 * Migrated PostgreSQL schemas, reused from one in-process app to the next. Migrating a fresh schema is most of
 * an app's start on PostgreSQL (measured, median of 8: 1.6 s to create, migrate, start, stop and drop; 0.5 s to
 * empty a migrated one, start and stop), and the API suites start about a hundred apps. Each worker keeps the
 * schemas of the apps it has closed and hands the next app one of them emptied: every row of every table
 * deleted, so the app finds no rows, as in a fresh schema, and its own migration at start brings the tables up
 * to date as it would a restarted server's.
 *
 * This module is also the projects' globalSetup (vitest.config.ts): it names the run's schemas and drops them
 * all at the end of the run.
 */

declare module "vitest" {
  export interface ProvidedContext {
    /** The name every pooled schema of this run starts with; unset where no pool is wanted. */
    schemaPoolPrefix?: string;
  }
}

export interface TestSchema {
  /** The base URL with this schema as its search_path. */
  url: string;
  /** The app is done with it: the schema goes back to this worker's pool (or is dropped, outside a pool run). */
  release(): Promise<void>;
}

/** A fresh PostgreSQL schema per app, so suites never see each other's rows. */
export async function freshPostgresUrl(base: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const schema = `t_${randomBytes(6).toString("hex")}`;
  await run(base, [`create schema ${schema}`]);
  return { url: withSchema(base, schema), drop: () => run(base, [`drop schema ${schema} cascade`]) };
}

/** This worker's schemas whose apps have closed. */
const idle: string[] = [];

/** A schema with no rows for one app: an emptied one from this worker's pool, else a new one. */
export async function pooledPostgresUrl(base: string): Promise<TestSchema> {
  const prefix = inject("schemaPoolPrefix");
  if (!prefix) {
    const fresh = await freshPostgresUrl(base);
    return { url: fresh.url, release: fresh.drop };
  }
  let schema = idle.pop();
  if (schema) {
    const name = schema;
    await emptied(base, name).catch(async () => {
      // Whatever the last app left, a schema that cannot be emptied is not handed out.
      await run(base, [`drop schema if exists ${name} cascade`]).catch(() => {});
      schema = undefined;
    });
  }
  if (!schema) {
    schema = `${prefix}${randomBytes(6).toString("hex")}`;
    await run(base, [`create schema ${schema}`]);
  }
  const name = schema;
  return {
    url: withSchema(base, name),
    async release() {
      idle.push(name);
    },
  };
}

/**
 * Deletes every row of every table of `schema`, in one round trip. Triggers (the organization constraints, the
 * search index) and foreign keys are not run: the rows go all together. DELETE, not TRUNCATE: truncating the
 * sixty-odd tables took longer than migrating a fresh schema (measured: ~1.2 s).
 */
async function emptied(base: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      "select format('%I.%I', schemaname, tablename) as name from pg_tables where schemaname = $1",
      [schema],
    );
    const deletes = rows.map((r) => `delete from ${r.name};`).join(" ");
    await client.query(`begin; set local session_replication_role = replica; ${deletes} commit;`);
  } finally {
    await client.end();
  }
}

function withSchema(base: string, schema: string): string {
  const url = new URL(base);
  url.searchParams.set("options", `-c search_path=${schema}`);
  return url.toString();
}

async function run(base: string, statements: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}

/** globalSetup: a prefix for this run's pooled schemas, and at the end of the run, every one of them dropped. */
export default function setup(project: TestProject) {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return;
  const prefix = `t_pool_${randomBytes(4).toString("hex")}_`;
  project.provide("schemaPoolPrefix", prefix);
  return async () => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    try {
      const { rows } = await client.query<{ name: string }>(
        "select nspname as name from pg_namespace where starts_with(nspname, $1)",
        [prefix],
      );
      for (const { name } of rows) await client.query(`drop schema ${name} cascade`);
    } finally {
      await client.end();
    }
  };
}
