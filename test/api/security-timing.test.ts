import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp, testDatabase } from "../support/test-app.ts";
import { createUser, signUpVerified, uniqueEmail } from "../support/users.ts";

/** The relay's delay before it accepts a mail: what a mail sent on the request path would add. */
const RELAY_DELAY_MS = 300;
const ROUNDS = 7;
/** Far below the relay's delay, far above the cost of queueing one mail, even on two busy cores. */
const BOUND_MS = 120;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

describe(`answer times do not tell registered addresses apart, even behind a slow relay (${testDatabase})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({}, { sink: { delayMs: RELAY_DELAY_MS } });
  });
  afterAll(() => t.close());

  async function timed(path: string, json: unknown, cookie?: string): Promise<number> {
    const started = performance.now();
    const res = await t.request(path, { json, cookie });
    const elapsed = performance.now() - started;
    expect(res.status, `${path}: ${await res.clone().text()}`).toBe(200);
    return elapsed;
  }

  /** Alternates the two kinds of request so that load on the machine hits both alike. */
  async function compare(
    registered: (i: number) => Promise<number>,
    unregistered: (i: number) => Promise<number>,
  ) {
    const a: number[] = [];
    const b: number[] = [];
    await registered(-1);
    await unregistered(-1);
    for (let i = 0; i < ROUNDS; i++) {
      a.push(await registered(i));
      b.push(await unregistered(i));
    }
    const difference = Math.abs(median(a) - median(b));
    expect(difference, `medians ${median(a).toFixed(0)} ms vs ${median(b).toFixed(0)} ms`).toBeLessThan(
      BOUND_MS,
    );
  }

  it("forgot-password answers as fast for a registered address, and the reset mail still arrives", async () => {
    const user = await signUpVerified(t);
    await compare(
      () => timed("/api/auth/request-password-reset", { email: user.email, redirectTo: "/reset-password" }),
      () =>
        timed("/api/auth/request-password-reset", {
          email: uniqueEmail("nobody"),
          redirectTo: "/reset-password",
        }),
    );
    await t.sink.waitFor(user.email, /reset/i, 15_000);
  });

  it("sign-up of a taken address answers as fast as a new one, and the owner is told", async () => {
    const user = await signUpVerified(t);
    await compare(
      () => timed("/api/auth/sign-up/email", { ...createUser(), email: user.email }),
      () => timed("/api/auth/sign-up/email", createUser()),
    );
    await t.sink.waitFor(user.email, /sign-up attempt/i, 15_000);
  });

  it("send-verification-email answers as fast for an unverified account as for no account, and the mail arrives", async () => {
    const pending = createUser();
    expect((await t.request("/api/auth/sign-up/email", { json: pending })).status).toBe(200);
    await t.sink.waitFor(pending.email, /verify/i, 15_000);
    const before = t.sink.mails.length;
    await compare(
      () => timed("/api/auth/send-verification-email", { email: pending.email }),
      () => timed("/api/auth/send-verification-email", { email: uniqueEmail("nobody") }),
    );
    await expect
      .poll(() => t.sink.mails.slice(before).filter((m) => m.to.includes(pending.email)).length, {
        timeout: 15_000,
      })
      .toBeGreaterThan(0);
  });

  it("change-email answers as fast whether the new address is taken or free, and the approval mail arrives", async () => {
    const user = await signUpVerified(t);
    const taken = await signUpVerified(t);
    await compare(
      () => timed("/api/auth/change-email", { newEmail: uniqueEmail("free") }, user.cookie),
      () => timed("/api/auth/change-email", { newEmail: taken.email }, user.cookie),
    );
    await t.sink.waitFor(user.email, /approve your email change/i, 15_000);
  });
});
