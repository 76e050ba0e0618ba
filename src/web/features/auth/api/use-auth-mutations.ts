import { currentLocale } from "#web/i18n/i18n.ts";
import { authCall } from "#web/lib/api/call.ts";
import { useApiMutation } from "#web/lib/api/use-api-mutation.ts";
import { authClient } from "#web/lib/auth-client.ts";

type SocialProvider = Parameters<typeof authClient.signIn.social>[0]["provider"];

/**
 * Email and password sign-in; `callbackURL` is where the person lands once signed in. An account with
 * two-factor answers `twoFactorRedirect` instead of a session: the second step follows.
 */
export function useSignIn() {
  return useApiMutation({
    mutationFn: (input: { email: string; password: string; callbackURL: string }) =>
      authCall((o) => authClient.signIn.email(input, o)),
  });
}

/**
 * Signs up; answers whether the person is signed in already. A sign-up from an invitation's link with the
 * invited address is verified by that link (the server marks it), so it signs in at once and lands on the
 * invitation. Any other sign-up, or one whose sign-in is refused (a taken address, another address), waits
 * for the mailed link as before: the attempt is an ordinary sign-in and tells nothing a sign-in doesn't.
 */
export function useSignUp() {
  return useApiMutation({
    mutationFn: async (input: { name: string; email: string; password: string; callbackURL: string }) => {
      // The new account keeps the language it was made in (its mails, and every browser it signs in on).
      await authCall((o) => authClient.signUp.email({ ...input, locale: currentLocale() }, o));
      if (!input.callbackURL.startsWith("/accept-invitation/")) return { signedIn: false };
      const { email, password } = input;
      return authCall((o) => authClient.signIn.email({ email, password }, o)).then(
        () => ({ signedIn: true }),
        () => ({ signedIn: false }),
      );
    },
  });
}

/** Sends the browser to a social provider; only a refusal comes back. */
export function useSocialSignIn() {
  return useApiMutation({
    mutationFn: (input: { provider: string; callbackURL: string }) =>
      authCall((o) =>
        authClient.signIn.social(
          {
            provider: input.provider as SocialProvider,
            callbackURL: input.callbackURL,
            errorCallbackURL: "/error",
          },
          o,
        ),
      ),
  });
}

export function useSendVerificationEmail() {
  return useApiMutation({
    mutationFn: (email: string) =>
      authCall((o) => authClient.sendVerificationEmail({ email, callbackURL: "/verified" }, o)),
  });
}

export function useRequestPasswordReset() {
  return useApiMutation({
    mutationFn: (email: string) =>
      authCall((o) => authClient.requestPasswordReset({ email, redirectTo: "/reset-password" }, o)),
  });
}

export function useResetPassword() {
  return useApiMutation({
    mutationFn: (input: { token: string; newPassword: string }) =>
      authCall((o) => authClient.resetPassword(input, o)),
  });
}

/** What the second step sends: a code from the authenticator app, or a backup code. */
export interface SecondStep {
  method: "totp" | "backup";
  code: string;
  /** "Trust this device for 30 days". */
  trustDevice: boolean;
}

/** POST /two-factor/verify-totp or /two-factor/verify-backup-code: the sign-in completes (session cookie). */
export function useVerifySecondStep() {
  return useApiMutation({
    mutationFn: ({ method, code, trustDevice }: SecondStep) =>
      method === "totp"
        ? authCall((o) => authClient.twoFactor.verifyTotp({ code, trustDevice }, o))
        : authCall((o) => authClient.twoFactor.verifyBackupCode({ code, trustDevice }, o)),
  });
}

/**
 * Sign-in with a passkey: GET /passkey/generate-authenticate-options, the browser's prompt (or, with
 * `autoFill`, its autofill list under the email field), then POST /passkey/verify-authentication, which
 * answers with the session. A passkey is strong on its own: no second step follows.
 */
export function usePasskeySignIn() {
  return useApiMutation({
    mutationFn: ({ autoFill }: { autoFill: boolean }) =>
      authCall((o) => authClient.signIn.passkey({ autoFill }, o)),
  });
}
