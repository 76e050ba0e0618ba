import { useNavigate } from "@tanstack/react-router";
import { t } from "#web/i18n/i18n.ts";
import { authCall } from "#web/lib/api/call.ts";
import { useApiMutation } from "#web/lib/api/use-api-mutation.ts";
import { authClient } from "#web/lib/auth-client.ts";
import { ORG_KEY } from "./queries.ts";

interface AnsweredInvitation {
  id: string;
  organizationName: string;
  organizationSlug: string;
}

/**
 * Accepting (welcome, then the organization's page) or declining an invitation
 * sent to the signed-in user; `onDeclined` runs once a refusal went through and was told.
 * `error` is the acceptance's failure, else the refusal's.
 */
export function useInvitationAnswer(invitation: AnsweredInvitation, onDeclined?: () => void) {
  const navigate = useNavigate();
  const accept = useApiMutation({
    mutationFn: () =>
      authCall((o) => authClient.organization.acceptInvitation({ invitationId: invitation.id }, o)),
    invalidate: [ORG_KEY],
    success: () => ({
      title: t("organizations.answer.welcomeTitle", { organization: invitation.organizationName }),
      message: t("organizations.answer.welcomeMessage"),
    }),
    onDone: () => navigate({ to: "/org/$slug", params: { slug: invitation.organizationSlug } }),
  });
  const reject = useApiMutation({
    mutationFn: () =>
      authCall((o) => authClient.organization.rejectInvitation({ invitationId: invitation.id }, o)),
    invalidate: [ORG_KEY],
    success: () => ({
      title: t("organizations.answer.declinedTitle"),
      message: t("organizations.answer.declinedMessage", { organization: invitation.organizationName }),
    }),
    onDone: onDeclined,
  });
  return { accept, reject, error: accept.error ?? reject.error };
}
