import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { CLAIM_LEASE_MS, leaseFor } from "#server/features/webhooks/claim.ts";
import { ATTEMPT_TIMEOUT_MS, type SendPolicy, sendWebhook } from "#server/features/webhooks/send.ts";
import {
  GIVE_UP_AFTER_MS,
  nextAttemptAfterFailure,
  RETRY_DELAYS_MS,
} from "#server/features/webhooks/worker.ts";
import { configLoader } from "../support/config-env.ts";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver.ts";

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const open: SendPolicy = { allowHttp: true, allowPrivate: true };
const send = (url: string, policy = open, timeoutMs?: number) =>
  sendWebhook(url, '{"type":"t"}', { "webhook-id": "msg_1" }, policy, undefined, timeoutMs);

/** Issue 17: the retry schedule (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h … for 3 days) and giving up. */
describe("webhook retry schedule", () => {
  it("waits 5 s, 5 min, 30 min, 2 h, 5 h, then 10 h between attempts, for at most 3 days", () => {
    expect(RETRY_DELAYS_MS).toEqual([5 * SECOND, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR]);
    expect(GIVE_UP_AFTER_MS).toBe(3 * DAY);
    const created = Date.parse("2026-01-01T00:00:00Z");
    expect(nextAttemptAfterFailure(1, created, created)).toBe(created + 5 * SECOND);
    expect(nextAttemptAfterFailure(2, created, created + HOUR)).toBe(created + HOUR + 5 * MINUTE);
    expect(nextAttemptAfterFailure(6, created, created + DAY)).toBe(created + DAY + 10 * HOUR);
    // The last delay repeats.
    expect(nextAttemptAfterFailure(9, created, created + DAY)).toBe(created + DAY + 10 * HOUR);
  });

  it("gives up once the next attempt would fall after 3 days: 12 attempts when each fails at once", () => {
    const created = Date.parse("2026-01-01T00:00:00Z");
    const attemptsAt = [created];
    for (;;) {
      const at = attemptsAt.at(-1) as number;
      const next = nextAttemptAfterFailure(attemptsAt.length, created, at);
      if (next === null) break;
      attemptsAt.push(next);
    }
    // 0, 5 s, 5 min 5 s, 35 min 5 s, 2 h 35 min 5 s, 7 h 35 min 5 s, then every 10 h up to 67 h 35 min 5 s.
    expect(attemptsAt).toHaveLength(12);
    expect((attemptsAt.at(-1) as number) - created).toBe(67 * HOUR + 35 * MINUTE + 5 * SECOND);
    expect((attemptsAt.at(-1) as number) - created).toBeLessThanOrEqual(3 * DAY);
    // Exactly at the limit it still tries; a millisecond later it gives up.
    expect(nextAttemptAfterFailure(7, created, created + 3 * DAY - 10 * HOUR)).toBe(created + 3 * DAY);
    expect(nextAttemptAfterFailure(7, created, created + 3 * DAY - 10 * HOUR + 1)).toBeNull();
  });

  it("WEBHOOK_RETRY_SCALE shrinks the delays and the 3 days alike", () => {
    const created = 1_000_000;
    expect(nextAttemptAfterFailure(1, created, created, 0.001)).toBe(created + 5);
    expect(nextAttemptAfterFailure(7, created, created + 3 * DAY * 0.001 - 36_000 + 1, 0.001)).toBeNull();
  });
});

describe("webhook attempt timeout and lease", () => {
  const { load, refusal } = configLoader("webhook-attempts");
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
  });
  afterEach(() => {
    vi.useRealTimers();
    receiver.respond = () => ({ status: 200, body: "ok" });
  });
  afterAll(() => receiver?.close());

  it("is 10 s, and a claim's lease three times that", () => {
    expect(ATTEMPT_TIMEOUT_MS).toBe(10_000);
    expect(CLAIM_LEASE_MS).toBe(30_000);
    expect(leaseFor(1000)).toBe(3000);
    expect(load({}).webhooks.attemptTimeoutMs).toBe(10_000);
    expect(load({ WEBHOOK_ATTEMPT_TIMEOUT_MS: "1000" }).webhooks.attemptTimeoutMs).toBe(1000);
    expect(refusal({ NODE_ENV: "production", MAIL_OUTBOX: "1", WEBHOOK_ATTEMPT_TIMEOUT_MS: "1000" })).toMatch(
      /WEBHOOK_ATTEMPT_TIMEOUT_MS: for tests only/,
    );
    expect(
      load({ NODE_ENV: "production", MAIL_OUTBOX: "1", WEBHOOK_ATTEMPT_TIMEOUT_MS: "10000" }).webhooks
        .attemptTimeoutMs,
    ).toBe(10_000);
    expect(refusal({ WEBHOOK_ATTEMPT_TIMEOUT_MS: "50" })).toMatch(/WEBHOOK_ATTEMPT_TIMEOUT_MS/);
    expect(refusal({ WEBHOOK_ATTEMPT_TIMEOUT_MS: "60000" })).toMatch(/WEBHOOK_ATTEMPT_TIMEOUT_MS/);
  });

  it("cuts an attempt whose receiver answers too late, and takes one that answers in time", async () => {
    receiver.respond = () => ({ status: 200, body: "late", delayMs: 1500 });
    const started = Date.now();
    const late = await send(receiver.url, open, 300);
    expect(late).toEqual({ ok: false, status: null, body: null, error: "timed out after 0.3 s" });
    expect(Date.now() - started).toBeLessThan(1400);
    expect(receiver.received.length).toBeGreaterThanOrEqual(1);
    receiver.respond = () => ({ status: 200, body: "prompt", delayMs: 50 });
    expect(await send(receiver.url, open, 3000)).toEqual({
      ok: true,
      status: 200,
      body: "prompt",
      error: null,
    });
  });

  it("waits 10 s by default, not a moment less", async () => {
    // Only the timers sendWebhook and the receiver set are faked: the sockets keep running.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    receiver.respond = () => ({ status: 200, body: "never in time", delayMs: 60_000 });
    const before = receiver.received.length;
    let result: Awaited<ReturnType<typeof send>> | undefined;
    const attempt = send(receiver.url).then((r) => {
      result = r;
      return r;
    });
    const deadline = Date.now() + 5000;
    while (receiver.received.length === before && Date.now() < deadline)
      await new Promise((r) => setImmediate(r));
    expect(receiver.received.length).toBe(before + 1);
    await vi.advanceTimersByTimeAsync(ATTEMPT_TIMEOUT_MS - 1);
    expect(result).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(await attempt).toEqual({ ok: false, status: null, body: null, error: "timed out after 10 s" });
  });

  it("refuses an http:// URL at send time when http is not allowed, without connecting", async () => {
    const before = receiver.received.length;
    const refused = await send(receiver.url, { allowHttp: false, allowPrivate: true });
    expect(refused).toEqual({
      ok: false,
      status: null,
      body: null,
      error: "refused URL: only https:// URLs (WEBHOOK_ALLOW_HTTP is off)",
    });
    expect(receiver.received.length).toBe(before);
    expect((await send(receiver.url)).ok).toBe(true);
    expect(receiver.received.length).toBe(before + 1);
  });
});
