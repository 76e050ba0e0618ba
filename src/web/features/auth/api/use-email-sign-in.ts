import { authCall, authRequest } from "#web/lib/api/call.ts";
import { useApiMutation } from "#web/lib/api/use-api-mutation.ts";
import { authClient } from "#web/lib/auth-client.ts";

/** What a sign-in answers: a session, or (two-factor accounts) a second step to take first. */
export interface SignInAnswer {
  twoFactorRedirect?: boolean;
}

/** Mails a 6-digit sign-in code to the address (if it has an account; the answer is the same). */
export function useSendSignInCode() {
  return useApiMutation({
    mutationFn: (email: string) =>
      authCall((o) => authClient.emailOtp.sendVerificationOtp({ email, type: "sign-in" }, o)),
  });
}

export function useSignInWithCode() {
  return useApiMutation({
    mutationFn: (input: { email: string; otp: string }) =>
      authCall((o) => authClient.signIn.emailOtp(input, o)) as Promise<SignInAnswer>,
  });
}

/** Mails a one-time sign-in link; `callbackURL` is where its page goes once signed in. */
export function useSendSignInLink() {
  return useApiMutation({
    mutationFn: (input: { email: string; callbackURL: string }) =>
      authCall((o) => authClient.signIn.magicLink(input, o)),
  });
}

/** Spends a mailed sign-in link's token (asked for JSON: no callbackURL). */
export function useVerifySignInLink() {
  return useApiMutation({
    mutationFn: (token: string) => authRequest<SignInAnswer>("/magic-link/verify", { query: { token } }),
  });
}

/** "This wasn't me": signs out every session of the account and answers a password reset token. */
export function useNotMe() {
  return useApiMutation({
    mutationFn: (token: string) =>
      authRequest<{ resetToken: string }>("/security/not-me", { method: "POST", body: { token } }),
  });
}
