import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Answer } from "../support/contract/driver.ts";
import {
  type Cast,
  CONTRACT_CALLS,
  type ContractCall,
  runContractScenario,
} from "../support/contract/scenario.ts";
import { type ContractPair, startContractPair } from "../support/contract/servers.ts";
import { compareShapes, describe as describeShape, shape } from "../support/contract/shape.ts";
import { integrationService } from "../support/services.ts";

const postgres = await integrationService("TEST_DATABASE_URL");

/**
 * Issue: better-auth's own client works unchanged against every Gatehouse call. The same scenario runs
 * through `better-auth/client` (organization + teams, admin) against Gatehouse and against unpatched
 * better-auth 1.7.24 configured alike; every answer of Gatehouse must have stock's shape (same top-level
 * type, every field with its type), Gatehouse's additions being extra fields only.
 */

/**
 * Calls made but not compared, each with why. A call belongs here only when one of the two servers refuses
 * it by design; everything else is compared.
 */
const SKIPPED: ReadonlyArray<{ call: ContractCall; reason: string }> = [];

/**
 * Fields that may be null on one side and set on the other for the same data: documented nullable in
 * better-auth 1.7.24's schema and filled from what differs between two servers, not from the scenario.
 */
const NULLABLE_FIELDS = new Set<string>([
  // session.activeTeamId (optional in better-auth's session schema): deleting an organization, stock clears
  // the sessions' activeOrganizationId but leaves its deleted team active; Gatehouse clears both
  // (seen in /admin/stop-impersonating, which hands back the admin's own session).
  "activeTeamId",
]);

function cast(): Cast {
  const tag = randomBytes(4).toString("hex");
  const person = (who: string) => ({
    name: `Contract ${who}`,
    email: `${who}-${tag}@example.test`,
    password: `contract-${tag}-password`,
  });
  return {
    owner: person("owner"),
    member: person("member"),
    invitee: person("invitee"),
    outsider: `outsider-${tag}@example.test`,
    created: person("created"),
  };
}

function readable(call: string, stock: Answer, gatehouse: Answer): string[] {
  if (stock.error || gatehouse.error) {
    const s = stock.error ? `${stock.status} ${JSON.stringify(stock.error)}` : "200";
    const g = gatehouse.error ? `${gatehouse.status} ${JSON.stringify(gatehouse.error)}` : "200";
    return stock.status === gatehouse.status && stock.error && gatehouse.error
      ? [`both servers refused ${call} (a scenario mistake): stock ${s}, Gatehouse ${g}`]
      : [`stock answered ${s}, Gatehouse ${g}`];
  }
  return compareShapes(shape(stock.data), shape(gatehouse.data), { nullable: NULLABLE_FIELDS });
}

function contractSuite(label: string, database: string | undefined, enabled: boolean) {
  describe.skipIf(!enabled)(`better-auth's client against Gatehouse and stock 1.7.24 on ${label}`, () => {
    let pair: ContractPair;
    let stock = new Map<string, Answer>();
    let gatehouse = new Map<string, Answer>();

    beforeAll(async () => {
      const people = cast();
      const started = performance.now();
      pair = await startContractPair(people.owner.email, database);
      const listening = performance.now();
      [stock, gatehouse] = await Promise.all([
        runContractScenario(pair.stock, people),
        runContractScenario(pair.gatehouse, people),
      ]);
      console.log(
        `[client-contract ${label}] servers listen after ${Math.round(listening - started)} ms; ` +
          `${CONTRACT_CALLS.length} calls on each in ${Math.round(performance.now() - listening)} ms`,
      );
    }, 120_000);

    afterAll(async () => {
      await pair?.stop();
    });

    const compared = CONTRACT_CALLS.filter((c) => !SKIPPED.some((s) => s.call === c));
    it.each(compared)("%s answers in stock better-auth's shape", (call) => {
      const s = stock.get(call);
      const g = gatehouse.get(call);
      expect(s, `${call} was not made on stock`).toBeDefined();
      expect(g, `${call} was not made on Gatehouse`).toBeDefined();
      const differences = readable(call, s as Answer, g as Answer);
      const detail = [
        `${call}: Gatehouse's answer is not stock better-auth's shape`,
        ...differences.map((d) => `  - ${d}`),
        `  stock:     ${describeShape(shape(s?.data), 2)}`,
        `  Gatehouse: ${describeShape(shape(g?.data), 2)}`,
      ].join("\n");
      expect(differences, detail).toEqual([]);
    });

    for (const { call, reason } of SKIPPED) it.skip(`${call}: skipped — ${reason}`, () => {});
  });
}

contractSuite("SQLite", undefined, true);
contractSuite("PostgreSQL", postgres, Boolean(postgres));
