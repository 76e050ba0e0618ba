import type { BulkInvitePreview, BulkInviteSummary } from "#shared/contracts/bulk-invitations.ts";
import { t } from "#web/i18n/i18n.ts";
import { apiCall, productApi } from "#web/lib/api/call.ts";
import { deadlineFetch } from "#web/lib/api/deadline-fetch.ts";
import { downloadAnswer } from "#web/lib/api/download.ts";
import { useApiMutation } from "#web/lib/api/use-api-mutation.ts";
import { organizationKey } from "./queries.ts";

const organizations = productApi.organizations[":id"];

/** The CSV (or pasted list) as the request body, as the server reads it. */
const csvInit = (csv: string) => ({ init: { body: csv, headers: { "Content-Type": "text/csv" } } });

/** Checks a list without sending anything: each row and its problems. */
export function useBulkInvitePreview(organizationId: string) {
  return useApiMutation({
    mutationFn: (csv: string) =>
      apiCall(
        organizations["bulk-invitations"].preview.$post({ param: { id: organizationId } }, csvInit(csv)),
      ) as Promise<BulkInvitePreview>,
  });
}

/**
 * Up to BULK_INVITE_MAX_ROWS invitations, each through better-auth's invite-member, before the server
 * answers: longer than the usual deadline allows.
 */
const sendingFetch = deadlineFetch(120_000);

/** Sends the rows without problems (the server checks the list again) and answers the summary. */
export function useBulkInviteSend(organizationId: string) {
  return useApiMutation({
    mutationFn: (csv: string) =>
      apiCall(
        organizations["bulk-invitations"].send.$post(
          { param: { id: organizationId } },
          { ...csvInit(csv), fetch: sendingFetch },
        ),
      ) as Promise<BulkInviteSummary>,
    invalidate: organizationKey(organizationId),
  });
}

/** Downloads the organization's members or invitations as CSV (`<slug>-members.csv`). */
export function useOrganizationExport(
  organization: { id: string; slug: string },
  what: "members" | "invitations",
) {
  return useApiMutation({
    mutationFn: () => {
      const route = what === "members" ? organizations["members.csv"] : organizations["invitations.csv"];
      const request = route.$get({ param: { id: organization.id } }) as unknown as Promise<Response>;
      return downloadAnswer(request, `${organization.slug}-${what}.csv`);
    },
    failureTitle:
      what === "members"
        ? t("integrations.export.membersFailed")
        : t("integrations.export.invitationsFailed"),
  });
}
