import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useEffect } from "react";
import { t } from "#web/i18n/i18n.ts";
import { authCall } from "#web/lib/api/call.ts";
import { type Notice, notifySuccess } from "#web/lib/api/notify.ts";
import { useApiMutation } from "#web/lib/api/use-api-mutation.ts";
import { authClient } from "#web/lib/auth-client.ts";
import { activeOrganizationIdOf } from "../lib/session.ts";
import { ORG_KEY, organizationKey } from "./queries.ts";
import type { OrganizationSummary } from "./types.ts";

export interface OrganizationFields {
  name: string;
  slug: string;
  logo: string;
}

/** Creates an organization, then opens it. */
export function useCreateOrganization() {
  const navigate = useNavigate();
  return useApiMutation({
    mutationFn: (values: OrganizationFields) =>
      authCall((o) =>
        authClient.organization.create(
          { name: values.name.trim(), slug: values.slug, logo: values.logo || undefined },
          o,
        ),
      ),
    invalidate: [ORG_KEY],
    success: (_values, organization) => ({
      title: t("organizations.create.createdTitle"),
      message: organization?.name
        ? t("organizations.create.createdMessage", { organization: organization.name })
        : t("organizations.create.createdMessageUnnamed"),
    }),
    onDone: (values, organization) =>
      navigate({ to: "/org/$slug", params: { slug: organization?.slug ?? values.slug } }),
  });
}

/** Saves the name, slug and logo; `onDone` follows the refresh and the notification. */
export function useUpdateProfile(organizationId: string, onDone: (values: OrganizationFields) => unknown) {
  return useApiMutation({
    mutationFn: (values: OrganizationFields) =>
      authCall((o) =>
        authClient.organization.update(
          {
            organizationId,
            data: { name: values.name.trim(), slug: values.slug, logo: values.logo || null },
          },
          o,
        ),
      ),
    invalidate: [ORG_KEY],
    success: (values) => ({
      title: t("organizations.settings.savedTitle"),
      message: t("organizations.settings.savedMessage", { organization: values.name.trim() }),
    }),
    onDone,
  });
}

/** Replaces the organization's metadata with these key/value pairs. */
export function useSaveMetadata(organization: OrganizationSummary) {
  return useApiMutation({
    mutationFn: (metadata: Record<string, string>) =>
      authCall((o) =>
        authClient.organization.update({ organizationId: organization.id, data: { metadata } }, o),
      ),
    invalidate: [ORG_KEY],
    success: () => ({
      title: t("organizations.metadata.savedTitle"),
      message: t("organizations.metadata.savedMessage", { organization: organization.name }),
    }),
  });
}

/**
 * Leaving or deleting: once done, nothing of this organization may linger in the cache, and
 * the person lands on their list of organizations.
 */
function useGoAway(organization: OrganizationSummary, call: () => Promise<unknown>, done: () => Notice) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: call,
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: organizationKey(organization.id) });
      await queryClient.invalidateQueries({ queryKey: [ORG_KEY] });
      notifySuccess(done());
      await navigate({ to: "/organizations" });
    },
  });
}

export function useLeaveOrganization(organization: OrganizationSummary) {
  return useGoAway(
    organization,
    () => authCall((o) => authClient.organization.leave({ organizationId: organization.id }, o)),
    () => ({
      title: t("organizations.danger.leftTitle", { organization: organization.name }),
      message: t("organizations.danger.leftMessage"),
    }),
  );
}

export function useDeleteOrganization(organization: OrganizationSummary) {
  return useGoAway(
    organization,
    () => authCall((o) => authClient.organization.delete({ organizationId: organization.id }, o)),
    () => ({
      title: t("organizations.danger.deletedTitle", { organization: organization.name }),
      message: t("organizations.danger.deletedMessage"),
    }),
  );
}

/**
 * Makes the organization on screen the session's active one, so calls that default to the
 * active organization (teams) act on what the person sees.
 */
export function useActivateOrganization(organizationId: string | undefined) {
  const { data: session } = authClient.useSession();
  const activeId = activeOrganizationIdOf(session);
  const signedIn = Boolean(session);
  useEffect(() => {
    if (organizationId && signedIn && activeId !== organizationId) {
      // Best effort: if it fails, the next visit tries again, and every list names its organization.
      authCall((o) => authClient.organization.setActive({ organizationId }, o)).catch(() => undefined);
    }
  }, [organizationId, signedIn, activeId]);
}
