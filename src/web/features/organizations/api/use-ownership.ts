import { useQuery } from "@tanstack/react-query";
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
      title: "Ownership offered",
      message: `We emailed ${input.name} a link to accept. Nothing changes until they do.`,
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
      title: "Offer withdrawn",
      message: `The offer to own ${organization.name} can no longer be accepted.`,
    }),
    failureTitle: "We couldn't withdraw the offer",
  });
}

/** Accepts by the mailed link's token or, in the app, by the offer's id. */
export function useAcceptOwnership(onDone?: (offer: OwnershipOffer) => void) {
  return useApiMutation({
    mutationFn: (by: { token: string } | { offerId: string }) =>
      authRequest<OwnershipOffer>("/organization/accept-ownership", { method: "POST", body: by }),
    invalidate: [ORG_KEY],
    success: () => ({ title: "You are now an owner", message: "The organization's ownership is yours." }),
    onDone: (_by, offer) => onDone?.(offer),
  });
}
