import { useQuery } from "@tanstack/react-query";
import type {
  DomainOffer,
  JoinRequest,
  OrganizationDomain,
  UpdateDomainBody,
  VerifyAnswer,
} from "#shared/contracts/domains.ts";
import { t } from "#web/i18n/i18n.ts";
import { auditKey } from "#web/lib/api/audit.ts";
import { apiCall, productApi } from "#web/lib/api/call.ts";
import { useApiMutation } from "#web/lib/api/use-api-mutation.ts";
import { ORG_KEY, organizationKey } from "./queries.ts";

/** Verified domains and join requests (issue 18), through /api/organizations/:id/… and /api/domain-offers. */
const api = productApi.organizations[":organizationId"];

export const domainsKey = (organizationId: string) =>
  [...organizationKey(organizationId), "domains"] as const;
export const joinRequestsKey = (organizationId: string) =>
  [...organizationKey(organizationId), "join-requests"] as const;
export const domainOffersKey = ["domain-offers"] as const;

/** The organization's domains with their TXT records (owners and admins). */
export function useDomains(organizationId: string) {
  return useQuery({
    queryKey: domainsKey(organizationId),
    queryFn: async (): Promise<OrganizationDomain[]> =>
      (await apiCall(api.domains.$get({ param: { organizationId } }))).domains as OrganizationDomain[],
  });
}

export function useAddDomain(organizationId: string, onDone: () => void) {
  return useApiMutation({
    mutationFn: (domain: string) =>
      apiCall(api.domains.$post({ param: { organizationId }, json: { domain } })),
    invalidate: [domainsKey(organizationId), auditKey],
    success: (domain) => ({
      title: t("integrations.domains.notify.added"),
      message: t("integrations.domains.notify.addedMessage", { domain }),
    }),
    onDone,
  });
}

/** Looks the TXT record up now; the answer says whether it was found, and why not. */
export function useVerifyDomain(organizationId: string, onAnswer: (answer: VerifyAnswer) => void) {
  return useApiMutation({
    mutationFn: async (domainId: string) =>
      (await apiCall(
        api.domains[":domainId"].verify.$post({ param: { organizationId, domainId } }),
      )) as VerifyAnswer,
    invalidate: [domainsKey(organizationId), auditKey],
    onDone: (_id, answer) => onAnswer(answer),
  });
}

export function useUpdateDomain(organizationId: string) {
  return useApiMutation({
    mutationFn: ({ id, domain: _, ...json }: UpdateDomainBody & { id: string; domain: string }) =>
      apiCall(api.domains[":domainId"].$patch({ param: { organizationId, domainId: id }, json })),
    invalidate: [domainsKey(organizationId), auditKey],
    success: ({ domain }) => ({
      title: t("integrations.domains.notify.joiningUpdated"),
      message: t("integrations.domains.notify.joiningUpdatedMessage", { domain }),
    }),
    failureTitle: t("integrations.domains.notify.joiningFailed"),
  });
}

export function removeDomain(organizationId: string, domain: OrganizationDomain) {
  return apiCall(api.domains[":domainId"].$delete({ param: { organizationId, domainId: domain.id } }));
}

/** Requests waiting for an owner or admin. */
export function useJoinRequests(organizationId: string) {
  return useQuery({
    queryKey: joinRequestsKey(organizationId),
    queryFn: async (): Promise<JoinRequest[]> =>
      (await apiCall(api["join-requests"].$get({ param: { organizationId } }))).requests as JoinRequest[],
  });
}

export function useDecideJoinRequest(organizationId: string) {
  return useApiMutation({
    mutationFn: ({ request, approve }: { request: JoinRequest; approve: boolean }) => {
      const param = { organizationId, requestId: request.id };
      const route = api["join-requests"][":requestId"];
      return apiCall(approve ? route.approve.$post({ param }) : route.decline.$post({ param }));
    },
    invalidate: [joinRequestsKey(organizationId), organizationKey(organizationId), auditKey],
    success: ({ request, approve }) =>
      approve
        ? {
            title: t("integrations.domains.notify.approved"),
            message: t("integrations.domains.notify.approvedMessage", { name: request.name }),
          }
        : {
            title: t("integrations.domains.notify.declined"),
            message: t("integrations.domains.notify.declinedMessage", { name: request.name }),
          },
    failureTitle: t("integrations.domains.notify.decideFailed"),
  });
}

/** Organizations the signed-in person may join through their verified address. */
export function useDomainOffers(enabled = true) {
  return useQuery({
    queryKey: domainOffersKey,
    enabled,
    queryFn: async (): Promise<DomainOffer[]> =>
      (await apiCall(productApi["domain-offers"].$get())).offers as DomainOffer[],
  });
}

export function useJoinThroughDomain() {
  return useApiMutation({
    mutationFn: (offer: DomainOffer) =>
      apiCall(
        productApi["domain-offers"][":organizationId"].join.$post({
          param: { organizationId: offer.organizationId },
        }),
      ),
    invalidate: [domainOffersKey, [ORG_KEY]],
    success: (offer, answer) =>
      answer.status === "joined"
        ? {
            title: t("integrations.domains.notify.joined", { organization: offer.organizationName }),
            message: t("integrations.domains.notify.joinedMessage"),
          }
        : {
            title: t("integrations.domains.notify.requestSent"),
            message: t("integrations.domains.notify.requestSentMessage", {
              organization: offer.organizationName,
            }),
          },
    failureTitle: t("integrations.domains.notify.joinFailed"),
  });
}
