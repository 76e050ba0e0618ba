import { useQuery } from "@tanstack/react-query";
import type {
  CreatedInviteLink,
  CreateInviteLinkBody,
  InviteLink,
  InviteLinkList,
  InviteLinkPreview,
  JoinedByLink,
} from "#shared/contracts/invite-links.ts";
import { authRequest } from "#web/lib/api/call.ts";
import { useApiMutation } from "#web/lib/api/use-api-mutation.ts";
import { ORG_KEY, organizationKey } from "./queries.ts";

export function inviteLinksKey(organizationId: string) {
  return [...organizationKey(organizationId), "invite-links"] as const;
}

/** The organization's invite links, newest first (owners and admins; the server refuses others). */
export function useInviteLinks(organizationId: string, enabled = true) {
  return useQuery({
    queryKey: inviteLinksKey(organizationId),
    enabled,
    queryFn: () =>
      authRequest<InviteLinkList>("/organization/list-invite-links", { query: { organizationId } }),
  });
}

/** Makes a link; `onCreated` receives its URL, which the server answers this once. */
export function useCreateInviteLink(organizationId: string, onCreated: (created: CreatedInviteLink) => void) {
  return useApiMutation({
    mutationFn: (body: Omit<CreateInviteLinkBody, "organizationId">) =>
      authRequest<CreatedInviteLink>("/organization/create-invite-link", {
        method: "POST",
        body: { ...body, organizationId },
      }),
    invalidate: inviteLinksKey(organizationId),
    onDone: (_variables, created) => onCreated(created),
  });
}

export function revokeInviteLink(link: InviteLink) {
  return authRequest<InviteLink>("/organization/revoke-invite-link", {
    method: "POST",
    body: { linkId: link.id },
  });
}

/** What a link's holder may see before joining, signed in or not. */
export function useInviteLinkPreview(token: string) {
  return useQuery({
    queryKey: [ORG_KEY, "invite-link", token],
    queryFn: () => authRequest<InviteLinkPreview>("/organization/invite-link-preview", { query: { token } }),
  });
}

/** Joins by the link; every organization query goes stale (the new one appears in the switcher). */
export function useJoinInviteLink(token: string, onJoined: (joined: JoinedByLink) => void) {
  return useApiMutation({
    mutationFn: () =>
      authRequest<JoinedByLink>("/organization/join-invite-link", { method: "POST", body: { token } }),
    invalidate: [ORG_KEY],
    onDone: (_variables, joined) => onJoined(joined),
  });
}
