import type { FullOrganization, TeamRow } from "../api/types.ts";

/** better-auth makes an organization's first team in the transaction that makes the organization. */
const MADE_TOGETHER_MS = 5_000;

/**
 * The overview's "Create a team" step, read from the figures its Teams counter shows: done once there is a
 * team besides the one the organization came with. That one is counted under "Teams" too, so the step
 * names it rather than pretending there is none.
 */
export function teamStep(full: FullOrganization): { done: boolean; cameWith: TeamRow | null } {
  const created = Date.parse(full.createdAt);
  const cameWithIt = (team: TeamRow) => Math.abs(Date.parse(team.createdAt) - created) < MADE_TOGETHER_MS;
  // Teams beyond the first page of the answer are certainly made later.
  const done = full.teamCount > full.teams.length || full.teams.some((team) => !cameWithIt(team));
  return { done, cameWith: full.teams.find(cameWithIt) ?? null };
}
