import { authCall } from "#web/lib/api/call.ts";
import { useApiMutation } from "#web/lib/api/use-api-mutation.ts";
import { authClient } from "#web/lib/auth-client.ts";

type SocialProvider = Parameters<typeof authClient.signIn.social>[0]["provider"];

/** Email and password sign-in; `callbackURL` is where the person lands once signed in. */
export function useSignIn() {
  return useApiMutation({
    mutationFn: (input: { email: string; password: string; callbackURL: string }) =>
      authCall((o) => authClient.signIn.email(input, o)),
  });
}

export function useSignUp() {
  return useApiMutation({
    mutationFn: (input: { name: string; email: string; password: string; callbackURL: string }) =>
      authCall((o) => authClient.signUp.email(input, o)),
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
