import { APIError, BASE_ERROR_CODES } from "better-auth";
import { getSessionFromCtx } from "better-auth/api";
import type { HookContext } from "#server/auth/overrides.ts";

/** better-auth calls that pick one linked account by its row id. */
export const ACCOUNT_SELECTION_PATHS = [
  "/unlink-account",
  "/get-access-token",
  "/refresh-token",
  "/account-info",
];

interface LinkedAccount {
  id: string;
  providerId: string;
  accountId: string;
}

/**
 * SPEC §3/§7 name an account by `providerId` and `accountId` (the provider's id
 * for the person); better-auth 1.7 wants its own row id in `accountId`. Returns
 * the row id meant by `selection`, or undefined when it names no account.
 */
export function resolveAccountRowId(
  accounts: LinkedAccount[],
  selection: { providerId?: unknown; accountId?: unknown },
): string | undefined {
  const { providerId, accountId } = selection;
  if (typeof providerId === "string") {
    const ofProvider = accounts.filter((a) => a.providerId === providerId);
    if (accountId === undefined) return ofProvider.length === 1 ? ofProvider[0]?.id : undefined;
    return ofProvider.find((a) => a.accountId === accountId || a.id === accountId)?.id;
  }
  if (typeof accountId !== "string") return undefined;
  if (accounts.some((a) => a.id === accountId)) return accountId;
  const byProviderId = accounts.filter((a) => a.accountId === accountId);
  return byProviderId.length === 1 ? byProviderId[0]?.id : undefined;
}

/**
 * Rewrites the SPEC's selection into better-auth's in place. In place because a
 * hook's returned context is merged into the request (defu), which can add keys
 * but never remove `providerId`, and these bodies are strict objects.
 */
export async function translateAccountSelection(ctx: HookContext): Promise<void> {
  const selection = (ctx.method === "GET" ? ctx.query : ctx.body) as Record<string, unknown> | undefined;
  if (!selection || typeof selection !== "object") return;
  if (selection.providerId === undefined && typeof selection.accountId !== "string") return;
  const session = await getSessionFromCtx(ctx);
  // Without a session better-auth answers 401 itself.
  if (!session) return;
  const accounts = await ctx.context.internalAdapter.findAccounts(session.user.id);
  const rowId = resolveAccountRowId(accounts, selection);
  if (rowId === undefined) {
    // Leave a lone unknown accountId to better-auth (its own "Account not found").
    if (selection.providerId === undefined) return;
    throw APIError.from("BAD_REQUEST", BASE_ERROR_CODES.ACCOUNT_NOT_FOUND);
  }
  delete selection.providerId;
  selection.accountId = rowId;
}
