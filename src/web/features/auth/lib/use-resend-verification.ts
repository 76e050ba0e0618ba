import { notifications } from "@mantine/notifications";
import { ApiError } from "#web/lib/api/api-error.ts";
import { errorText } from "#web/lib/api/error-text.ts";
import type { Notice } from "#web/lib/api/use-api-mutation.ts";
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
        notifications.show({ color: "teal", ...sent(email) });
      },
      onError: (error) => {
        if (error instanceof ApiError && error.retryAfter) cooldown.start(error.retryAfter);
        notifications.show({ color: "red", title: "Could not send the email", message: errorText(error) });
      },
    });
  }

  return { resend, sending: send.isPending, cooldown };
}
