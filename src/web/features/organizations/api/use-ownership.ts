import { useQuery } from "@tanstack/react-query";
import { t } from "#web/i18n/i18n.ts";
import { authRequest } from "#web/lib/api/call.ts";
import { useApiMutation } from "#web/lib/api/use-api-mutation.ts";
import { ORG_KEY, organizationKey } from "./queries.ts";

/** An open ownership offer as the server answers it (issue 18: ownership transfer). */
export interface OwnershipOffer {
  id: string;
  organizationId: string;
  fromUserId: string;
  toUserId: string;
  keepOwner: boolean;
  status: "pending" | "accepted" | "withdrawn";
  expiresAt: string;
  createdAt: string;
}

export function ownershipKey(organizationId: string) {
  return [...organizationKey(organizationId), "ownership-offer"] as const;
}

/** The organization's open offer, seen by owners and its recipient; null for everyone else. */
export function useOwnershipOffer(organizationId: string) {
  return useQuery({
    queryKey: ownershipKey(organizationId),
    queryFn: () =>
      authRequest<OwnershipOffer | null>("/organization/ownership-offer", { query: { organizationId } }),
  });
}

export function useOfferOwnership(organizationId: string, onDone?: () => void) {
  return useApiMutation({
    mutationFn: (input: { memberId: string; keepOwner: boolean; name: string }) =>
      authRequest<OwnershipOffer>("/organization/offer-ownership", {
        method: "POST",
        body: { organizationId, memberId: input.memberId, keepOwner: input.keepOwner },
      }),
    invalidate: ownershipKey(organizationId),
    success: (input) => ({
      title: t("integrations.ownership.notify.offered"),
      message: t("integrations.ownership.notify.offeredMessage", { name: input.name }),
    }),
    onDone,
  });
}

export function useWithdrawOwnershipOffer(organization: { id: string; name: string }) {
  return useApiMutation({
    mutationFn: () =>
      authRequest<OwnershipOffer>("/organization/withdraw-ownership-offer", {
        method: "POST",
        body: { organizationId: organization.id },
      }),
    invalidate: ownershipKey(organization.id),
    success: () => ({
      title: t("integrations.ownership.notify.withdrawn"),
      message: t("integrations.ownership.notify.withdrawnMessage", { organization: organization.name }),
    }),
    failureTitle: t("integrations.ownership.notify.withdrawFailed"),
  });
}

/** Accepts by the mailed link's token or, in the app, by the offer's id. */
export function useAcceptOwnership(onDone?: (offer: OwnershipOffer) => void) {
  return useApiMutation({
    mutationFn: (by: { token: string } | { offerId: string }) =>
      authRequest<OwnershipOffer>("/organization/accept-ownership", { method: "POST", body: by }),
    invalidate: [ORG_KEY],
    success: () => ({
      title: t("integrations.ownership.notify.accepted"),
      message: t("integrations.ownership.notify.acceptedMessage"),
    }),
    onDone: (_by, offer) => onDone?.(offer),
  });
}
