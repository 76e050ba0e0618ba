import { t } from "#web/i18n/i18n.ts";
import { ApiError } from "#web/lib/api/api-error.ts";
import { type Notice, notifyFailure, notifySuccess } from "#web/lib/api/notify.ts";
import { useCooldown } from "#web/lib/use-cooldown.ts";
import { useSendVerificationEmail } from "../api/use-auth-mutations.ts";

const COOLDOWN_SECONDS = 30;

/**
 * Sends a new verification link, then holds the button for a while (or as long as a 429 asks),
 * telling the outcome in a notification worded by `sent`.
 */
export function useResendVerification(sent: (email: string) => Notice) {
  const send = useSendVerificationEmail();
  const cooldown = useCooldown();

  function resend(email: string) {
    send.mutate(email, {
      onSuccess: () => {
        cooldown.start(COOLDOWN_SECONDS);
        notifySuccess(sent(email));
      },
      onError: (error) => {
        if (error instanceof ApiError && error.retryAfter) cooldown.start(error.retryAfter);
        notifyFailure(t("auth.resend.failed"), error);
      },
    });
  }

  return { resend, sending: send.isPending, cooldown };
}
