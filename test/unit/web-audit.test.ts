import { beforeAll, describe, expect, it } from "vitest";
import { AUDIT_ACTION_NAMES } from "#shared/audit.ts";
import { auditQuery } from "#shared/contracts/audit.ts";
import { describeDevice } from "#shared/device.ts";
import { detailsText } from "#web/components/audit/audit-events.tsx";
import { healthOf } from "#web/components/webhooks/webhook-health.tsx";
import { loadAppMessages } from "#web/i18n/i18n.ts";
import { parseAuditSearch, toAuditQuery } from "#web/lib/audit-search.ts";
import {
  ACCOUNT_FAMILIES,
  AUDIT_FAMILIES,
  actionChoices,
  actorText,
  eventPhrase,
  ORGANIZATION_FAMILIES,
  signInMethodText,
} from "#web/lib/audit-words.ts";

// These words come with the signed-in screens' catalogue (English here).
beforeAll(() => loadAppMessages());

describe("parseAuditSearch: the audit lists read only well-formed filters from their URL", () => {
  it("keeps a person, an action or a family, days and a search", () => {
    expect(
      parseAuditSearch({ actor: "u1", action: "member.", from: "2026-01-31", to: "2026-02-01", q: " ada " }),
    ).toEqual({ actor: "u1", action: "member.", from: "2026-01-31", to: "2026-02-01", q: "ada" });
    expect(parseAuditSearch({ action: "member.role_changed" })).toEqual({ action: "member.role_changed" });
  });

  it.each<[string, unknown]>([
    ["an action with odd characters", { action: "member.added;drop" }],
    ["an action without a family", { action: "added" }],
    ["a day that is not a day", { from: "31/01/2026" }],
    ["a month 13", { to: "2026-13-01" }],
    ["an array from a repeated parameter", { actor: ["a", "b"] }],
    ["an object", { q: { x: 1 } }],
    ["an empty search", { q: "   " }],
  ])("drops %s", (_label, search) => {
    expect(parseAuditSearch(search as Record<string, unknown>)).toEqual({});
  });

  it("asks the API for whole local days: from the first's midnight to the midnight after the last", () => {
    const query = toAuditQuery({ from: "2026-03-01", to: "2026-03-01", actor: "u1" });
    expect(new Date(query.from ?? "").getTime()).toBe(new Date(2026, 2, 1).getTime());
    expect(new Date(query.to ?? "").getTime()).toBe(new Date(2026, 2, 2).getTime());
    expect(query.actorId).toBe("u1");
    // The contract's own schema accepts what the screens send.
    expect(auditQuery.safeParse(query).success).toBe(true);
  });
});

describe("audit words", () => {
  it("groups every action of the catalogue under exactly one family, each with its description", () => {
    const values = actionChoices().flatMap((group) => group.items.map((item) => item.value));
    for (const action of AUDIT_ACTION_NAMES) expect(values.filter((v) => v === action)).toHaveLength(1);
    expect(values.filter((v) => v.endsWith("."))).toHaveLength(Object.keys(AUDIT_FAMILIES).length);
  });

  it("offers an organization its own families only, and a person theirs", () => {
    const organization = actionChoices(ORGANIZATION_FAMILIES).flatMap((g) => g.items.map((i) => i.value));
    expect(organization).toContain("member.role_changed");
    expect(organization).not.toContain("user.signed_in");
    const account = actionChoices(ACCOUNT_FAMILIES).flatMap((g) => g.items.map((i) => i.value));
    expect(account).toContain("user.signed_in");
    expect(account).not.toContain("member.added");
  });

  it("says what happened in plain words, and a refused sign-in as an attempt", () => {
    expect(eventPhrase({ action: "member.role_changed", outcome: "success" })).toBe(
      "changed a member's roles",
    );
    expect(eventPhrase({ action: "user.signed_in", outcome: "refused" })).toBe("tried to sign in");
    expect(signInMethodText({ method: "passkey" })).toBe("with a passkey");
    expect(signInMethodText({ method: "social", provider: "github" })).toBe("with github");
  });

  it("names who acted, or what acted without a person", () => {
    const none = {
      userId: null,
      name: null,
      email: null,
      impersonatorId: null,
      apiKeyId: null,
      connectionId: null,
    };
    expect(actorText({ ...none, userId: "u1", name: "Ada", email: "ada@example.test" })).toBe("Ada");
    expect(actorText({ ...none, apiKeyId: "k1" })).toBe("An API key");
    expect(actorText(none)).toBe("Gatehouse");
  });
});

describe("describeDevice: one user agent parser for both sides", () => {
  it("reads a phone's browser and system", () => {
    const device = describeDevice(
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1",
    );
    expect(device.type).toBe("mobile");
    expect(device.label).toMatch(/Safari 17 on iOS 17\.4/);
  });

  it("says so when there is nothing to read", () => {
    expect(describeDevice(null)).toEqual({ browser: null, os: null, type: "other", label: "Unknown device" });
  });
});

describe("detailsText: an event's small facts in words", () => {
  it("shows a change as old → new and leaves ids out", () => {
    expect(detailsText({ userId: "u1", from: "admin", to: "member" })).toBe("admin → member");
    expect(detailsText({ role: "member", memberId: "m1" })).toBe("role: member");
    expect(detailsText({ method: "password", nested: { a: 1 } })).toBe("method: password");
    expect(detailsText({})).toBeNull();
  });
});

describe("healthOf: an endpoint's state at a glance", () => {
  const endpoint = {
    id: "w1",
    url: "https://example.test/hooks",
    description: null,
    events: ["*"],
    organizationId: null,
    enabled: true,
    disabledReason: null,
    createdAt: "2026-01-01T00:00:00Z",
    updatedAt: "2026-01-01T00:00:00Z",
    health: { lastAttemptAt: null, lastStatus: null, consecutiveFailures: 0, pending: 0 },
  } as const;

  it("is enabled, failing after a failed attempt, and disabled whatever its failures", () => {
    expect(healthOf({ ...endpoint, events: ["*"] })).toBe("enabled");
    const failing = { ...endpoint, events: ["*"], health: { ...endpoint.health, consecutiveFailures: 2 } };
    expect(healthOf(failing)).toBe("failing");
    expect(healthOf({ ...failing, enabled: false, disabledReason: "failing" })).toBe("disabled");
  });
});
