import { notifications } from "@mantine/notifications";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { authClient } from "#web/lib/auth-client.ts";
import { unwrap } from "./org-request.ts";
import { ORG_KEY } from "./queries.ts";

interface AnsweredInvitation {
  id: string;
  organizationName: string;
  organizationSlug: string;
}

/**
 * Accepting (welcome, then the organization's page) or declining an invitation
 * sent to the signed-in user; `onDeclined` runs once a refusal went through.
 * `error` is the acceptance's failure, else the refusal's.
 */
export function useInvitationAnswer(invitation: AnsweredInvitation, onDeclined: () => void) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const accept = useMutation({
    mutationFn: () => unwrap(authClient.organization.acceptInvitation({ invitationId: invitation.id })),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: [ORG_KEY] });
      notifications.show({
        color: "teal",
        title: `Welcome to ${invitation.organizationName}`,
        message: "You joined the organization.",
      });
      await navigate({ to: "/org/$slug", params: { slug: invitation.organizationSlug } });
    },
  });
  const reject = useMutation({
    mutationFn: () => unwrap(authClient.organization.rejectInvitation({ invitationId: invitation.id })),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: [ORG_KEY] });
      onDeclined();
    },
  });
  return { accept, reject, error: accept.error ?? reject.error };
}
