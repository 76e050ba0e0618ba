import type { AuthContext } from "better-auth";

/**
 * True when `password` is the user's credential password. False when it is not,
 * when it is longer than any accepted password (nothing is hashed then), or
 * when the user has no password at all.
 */
export async function passwordMatches(
  context: AuthContext,
  userId: string,
  password: string,
): Promise<boolean> {
  if (password.length > context.password.config.maxPasswordLength) return false;
  const account = await context.internalAdapter.findCredentialAccount(userId);
  if (!account?.password) return false;
  return context.password.verify({ hash: account.password, password });
}
