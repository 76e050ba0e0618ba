import { Button, Group, Stack, Text, TextInput } from "@mantine/core";
import { IconLock, IconPlus, IconWorld } from "@tabler/icons-react";
import { type FormEvent, useState } from "react";
import { domainName, type OrganizationDomain } from "#shared/contracts/domains.ts";
import { ConfirmActionDialog } from "#web/components/confirm-dialog.tsx";
import { ErrorAlert, LoadError } from "#web/components/error-alert.tsx";
import { ListSkeleton, SectionHeader } from "#web/components/page-states.tsx";
import { SectionCard } from "#web/components/section-card.tsx";
import { t } from "#web/i18n/i18n.ts";
import { auditKey } from "#web/lib/api/audit.ts";
import { fieldProblem } from "#web/lib/field-problem.ts";
import { usePageTitle } from "#web/lib/use-page-title.ts";
import { domainsKey, removeDomain, useAddDomain, useDomains } from "../api/use-domains.ts";
import { DomainCard } from "./domain-card.tsx";
import { JoinRequestsCard } from "./join-requests-card.tsx";
import { ListEmpty, ReadOnlyNote } from "./list-table.tsx";
import { useCurrentOrganization } from "./organization-context.tsx";

/** `/org/$slug/domains`: the organization's domains, proven by DNS, and the requests to join through them. */
export function DomainsPage() {
  const { organization, can } = useCurrentOrganization();
  usePageTitle(t("integrations.domains.page.title", { organization: organization.name }));
  const [removing, setRemoving] = useState<OrganizationDomain | null>(null);
  const { data: domains, isPending, error, refetch } = useDomains(organization.id);

  if (!can.manageAudit) {
    return (
      <Stack gap="md">
        <SectionHeader title={t("integrations.domains.page.heading")} />
        <ReadOnlyNote icon={<IconLock size={18} aria-hidden />}>
          {t("integrations.domains.page.readOnly", { organization: organization.name })}
        </ReadOnlyNote>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <SectionHeader
        title={t("integrations.domains.page.heading")}
        description={t("integrations.domains.page.description")}
      />
      {can.isOwner ? <AddDomainForm organizationId={organization.id} /> : null}
      {error ? (
        <LoadError
          error={error}
          onRetry={() => void refetch()}
          title={t("integrations.domains.page.loadError")}
        />
      ) : null}
      {isPending ? <ListSkeleton rows={2} label={t("integrations.domains.page.loading")} /> : null}
      {domains && domains.length === 0 ? (
        <SectionCard>
          <ListEmpty
            icon={IconWorld}
            title={t("integrations.domains.page.emptyTitle")}
            description={
              can.isOwner
                ? t("integrations.domains.page.emptyOwner")
                : t("integrations.domains.page.emptyOther")
            }
          />
        </SectionCard>
      ) : null}
      {domains?.map((domain) => (
        <DomainCard
          key={domain.id}
          organizationId={organization.id}
          domain={domain}
          canManage={can.isOwner}
          onRemove={setRemoving}
        />
      ))}
      <JoinRequestsCard organizationId={organization.id} />
      <ConfirmActionDialog
        target={removing}
        onClose={() => setRemoving(null)}
        title={t("integrations.domains.page.removeTitle")}
        confirmLabel={t("integrations.domains.page.removeTitle")}
        action={(domain) => removeDomain(organization.id, domain)}
        invalidate={[domainsKey(organization.id), auditKey]}
        success={(domain) => ({
          title: t("integrations.domains.page.removed"),
          message: t("integrations.domains.page.removedMessage", { domain: domain.domain }),
        })}
      >
        {removing
          ? t("integrations.domains.page.removeBody", {
              domain: removing.domain,
              organization: organization.name,
            })
          : null}
      </ConfirmActionDialog>
    </Stack>
  );
}

function AddDomainForm({ organizationId }: { organizationId: string }) {
  const [value, setValue] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const add = useAddDomain(organizationId, () => setValue(""));

  function submit(event: FormEvent) {
    event.preventDefault();
    const problem = fieldProblem(domainName, value);
    setProblem(problem);
    if (!problem) add.mutate(domainName.parse(value));
  }

  return (
    <SectionCard id="add-domain" title={t("integrations.domains.add.title")}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Group align="flex-start" gap="sm" wrap="wrap">
            <TextInput
              label={t("integrations.domains.add.domain")}
              placeholder="acme.com"
              value={value}
              onChange={(event) => setValue(event.currentTarget.value)}
              error={problem}
              autoComplete="off"
              style={{ flex: "1 1 240px" }}
            />
            <Button
              type="submit"
              mt={{ base: 0, sm: 25 }}
              loading={add.isPending}
              leftSection={<IconPlus size={16} aria-hidden />}
            >
              {t("integrations.domains.add.submit")}
            </Button>
          </Group>
          <Text size="xs" c="dimmed">
            {t("integrations.domains.add.help")}
          </Text>
          <ErrorAlert error={add.error} title={t("integrations.domains.add.notAdded")} />
        </Stack>
      </form>
    </SectionCard>
  );
}
