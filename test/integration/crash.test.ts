import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SQLite from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, signUpVerifiedRemote } from "../support/remote.ts";
import { type SmtpSink, startSmtpSink } from "../support/smtp-sink.ts";
import { type SpawnedServer, spawnServer } from "../support/spawn-server.ts";
import { createUser } from "../support/users.ts";

const ROUNDS = Number(process.env.CRASH_ROUNDS ?? 20);
const WORKERS = 3;

/** What the server acknowledged (a 2xx answer reached us): all of it must survive every kill. */
interface Member {
  email: string;
  cookie: string;
}

interface Acknowledged {
  signUps: string[];
  verified: string[];
  organizations: { id: string; ownerEmail: string }[];
  invitations: { id: string; organizationId: string; email: string }[];
  accepted: { invitationId: string; organizationId: string; email: string }[];
}

/**
 * Resilience requirement 2 (survive a crash): `kill -9` of a SQLite server under a write load, 20 times, restarting each time.
 * One worker signs up and verifies new users; the others each create an organization, invite their own
 * (already verified) user and accept as them. Every step the server acknowledged is recorded; the kill
 * lands at a random moment of each round.
 */
describe("kill -9 under a write load (SQLite, 20 rounds)", () => {
  let sink: SmtpSink;
  let dir: string;
  let server: SpawnedServer | undefined;
  const ack: Acknowledged = { signUps: [], verified: [], organizations: [], invitations: [], accepted: [] };
  let requestsCut = 0;
  const steps = () =>
    ack.signUps.length +
    ack.verified.length +
    ack.organizations.length +
    ack.invitations.length +
    ack.accepted.length;

  const env = () => ({
    DATA_DIR: dir,
    DATABASE_URL: join(dir, "gatehouse.db"),
    STATIC_DIR: join(dir, "web"),
    BETTER_AUTH_SECRET: "crash-test-secret-crash-test-secret-0123",
    BETTER_AUTH_URL: "http://127.0.0.1",
    SMTP_URL: sink.url,
  });

  beforeAll(async () => {
    sink = await startSmtpSink();
    dir = mkdtempSync(join(tmpdir(), "gatehouse-crash-"));
  });
  afterAll(async () => {
    await server?.stop("SIGKILL");
    await sink?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /**
   * Sign-up then verification; stops at the first step the server does not acknowledge, or when the round ends
   * (its server killed, the mailed link could no longer be followed).
   */
  async function signUpChain(url: string, roundOver: Promise<void>) {
    const user = createUser({ password: "crash test password" });
    const signUp = await call(url, "/api/auth/sign-up/email", { json: user });
    if (signUp.status !== 200) return;
    ack.signUps.push(user.email);
    if (await signUpVerifiedRemoteTail(url, user.email, roundOver)) ack.verified.push(user.email);
  }

  /** Create an organization → invite the worker's invitee → accept, as far as acknowledged. */
  async function organizationChain(url: string, owner: Member, invitee: Member) {
    const slug = `crash-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
    const org = await call(url, "/api/auth/organization/create", {
      cookie: owner.cookie,
      json: { name: `Crash ${slug}`, slug },
    });
    if (org.status !== 200) return;
    ack.organizations.push({ id: org.body.id, ownerEmail: owner.email });
    const invitation = await call(url, "/api/auth/organization/invite-member", {
      cookie: owner.cookie,
      json: { email: invitee.email, role: "member", organizationId: org.body.id },
    });
    if (invitation.status !== 200) return;
    ack.invitations.push({ id: invitation.body.id, organizationId: org.body.id, email: invitee.email });
    const accepted = await call(url, "/api/auth/organization/accept-invitation", {
      cookie: invitee.cookie,
      json: { invitationId: invitation.body.id },
    });
    if (accepted.status !== 200) return;
    ack.accepted.push({
      invitationId: invitation.body.id,
      organizationId: org.body.id,
      email: invitee.email,
    });
  }

  /**
   * The verification half of signUpVerifiedRemote, for a sign-up already acknowledged. The wait for the mail ends
   * with the round: a round's kill used to find this worker waiting up to 3 s more for a link to a dead server.
   */
  async function signUpVerifiedRemoteTail(
    url: string,
    email: string,
    roundOver: Promise<void>,
  ): Promise<string | undefined> {
    const mail = await Promise.race([sink.waitFor(email, /verify/i, 3000).catch(() => undefined), roundOver]);
    if (!mail) return undefined;
    const link = new URL(mail.text.match(/https?:\/\/[^\s<>"]+verify-email[^\s<>"]*/)?.[0] ?? "http://x/");
    const verify = await call(url, link.pathname + link.search);
    return verify.cookie.includes("session_token") ? verify.cookie : undefined;
  }

  it("keeps every acknowledged write, an intact file, an owner for every organization", async () => {
    const started = performance.now();
    server = await spawnServer(env());
    const member = async () => {
      const input = createUser({ password: "crash member password" });
      return {
        email: input.email,
        cookie: await signUpVerifiedRemote((server as SpawnedServer).url, sink, input),
      };
    };
    const owner = await member();
    const invitees: Member[] = [];
    for (let i = 0; i < WORKERS; i++) invitees.push(await member());
    const startups: number[] = [];

    for (let round = 0; round < ROUNDS; round++) {
      if (!server) {
        const t = performance.now();
        server = await spawnServer(env());
        startups.push(performance.now() - t);
      }
      const url = server.url;
      let running = true;
      let endRound = () => {};
      const roundOver = new Promise<void>((resolve) => {
        endRound = resolve;
      });
      const before = steps();
      const loop = (step: () => Promise<void>) => async () => {
        while (running) {
          await step().catch(() => {
            requestsCut += 1;
          });
        }
      };
      const workers = [
        loop(() => signUpChain(url, roundOver))(),
        ...invitees.map((invitee) => loop(() => organizationChain(url, owner, invitee))()),
      ];
      // The kill must land under load however slow the machine: wait for this round's first acknowledged step
      // (a busy CI machine needed seconds after a restart), then a random moment more.
      const busy = Date.now() + 30_000;
      while (steps() === before && Date.now() < busy) await new Promise((r) => setTimeout(r, 20));
      await new Promise((r) => setTimeout(r, 300 + Math.random() * 700));
      running = false;
      endRound();
      await server.stop("SIGKILL");
      server = undefined;
      await Promise.all(workers);
    }

    const db = new SQLite(join(dir, "gatehouse.db"));
    try {
      const integrity = db.pragma("integrity_check", { simple: true });
      const hasUser = db.prepare(`select "emailVerified" as v from "user" where email = ?`);
      const hasOrg = db.prepare(`select 1 from organization where id = ?`);
      const invitationStatus = db.prepare(`select status from invitation where id = ?`);
      const membership = db.prepare(
        `select m.role from member m join "user" u on u.id = m."userId" where m."organizationId" = ? and u.email = ?`,
      );
      const ownerless = db
        .prepare(
          `select count(*) as n from organization o where not exists (select 1 from member m where m."organizationId" = o.id and (',' || m.role || ',') like '%,owner,%')`,
        )
        .get() as { n: number };
      const acceptedWithoutMember = db
        .prepare(
          `select count(*) as n from invitation i where i.status = 'accepted' and not exists (select 1 from member m join "user" u on u.id = m."userId" where m."organizationId" = i."organizationId" and lower(u.email) = lower(i.email))`,
        )
        .get() as { n: number };
      const totals = db
        .prepare(
          `select (select count(*) from "user") as users, (select count(*) from organization) as organizations, (select count(*) from member) as members, (select count(*) from invitation) as invitations`,
        )
        .get();

      console.log(
        `[crash] ${ROUNDS} kill -9 rounds in ${Math.round((performance.now() - started) / 1000)} s (restart ${Math.round(startups.reduce((x, y) => x + y, 0) / Math.max(1, startups.length))} ms on average); acknowledged: ${ack.signUps.length} sign-ups, ${ack.verified.length} verifications, ${ack.organizations.length} organizations, ${ack.invitations.length} invitations, ${ack.accepted.length} acceptances; ${requestsCut} chains cut by the kills; in the file: ${JSON.stringify(totals)}; integrity_check: ${integrity}; organizations without an owner: ${ownerless.n}; accepted invitations without a membership: ${acceptedWithoutMember.n}`,
      );

      expect(integrity).toBe("ok");
      expect(ownerless.n).toBe(0);
      expect(acceptedWithoutMember.n).toBe(0);
      expect(ack.accepted.length).toBeGreaterThan(0);
      for (const email of ack.signUps) expect(hasUser.get(email), email).toBeTruthy();
      for (const email of ack.verified) expect((hasUser.get(email) as { v: number }).v, email).toBe(1);
      for (const org of ack.organizations) expect(hasOrg.get(org.id), org.id).toBeTruthy();
      for (const inv of ack.invitations) expect(invitationStatus.get(inv.id), inv.id).toBeTruthy();
      for (const a of ack.accepted) {
        expect((invitationStatus.get(a.invitationId) as { status: string }).status).toBe("accepted");
        expect(membership.get(a.organizationId, a.email), a.email).toBeTruthy();
      }
    } finally {
      db.close();
    }
  }, 400_000);
});
