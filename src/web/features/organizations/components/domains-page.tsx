import { Button, Group, Stack, Text, TextInput } from "@mantine/core";
import { IconLock, IconPlus, IconWorld } from "@tabler/icons-react";
import { type FormEvent, useState } from "react";
import { domainName, type OrganizationDomain } from "#shared/contracts/domains.ts";
import { ConfirmActionDialog } from "#web/components/confirm-dialog.tsx";
import { ErrorAlert, LoadError } from "#web/components/error-alert.tsx";
import { ListSkeleton, SectionHeader } from "#web/components/page-states.tsx";
import { SectionCard } from "#web/components/section-card.tsx";
import { auditKey } from "#web/lib/api/audit.ts";
import { usePageTitle } from "#web/lib/use-page-title.ts";
import { domainsKey, removeDomain, useAddDomain, useDomains } from "../api/use-domains.ts";
import { DomainCard } from "./domain-card.tsx";
import { JoinRequestsCard } from "./join-requests-card.tsx";
import { ListEmpty, ReadOnlyNote } from "./list-table.tsx";
import { useCurrentOrganization } from "./organization-context.tsx";

/** `/org/$slug/domains`: the organization's domains, proven by DNS, and the requests to join through them. */
export function DomainsPage() {
  const { organization, can } = useCurrentOrganization();
  usePageTitle(`Domains · ${organization.name}`);
  const [removing, setRemoving] = useState<OrganizationDomain | null>(null);
  const { data: domains, isPending, error, refetch } = useDomains(organization.id);

  if (!can.manageAudit) {
    return (
      <Stack gap="md">
        <SectionHeader title="Domains" />
        <ReadOnlyNote icon={<IconLock size={18} aria-hidden />}>
          {`Only owners and admins of ${organization.name} can see its domains.`}
        </ReadOnlyNote>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <SectionHeader
        title="Domains"
        description="Prove your organization owns an email domain, then let colleagues with a verified address there join by themselves or ask to join."
      />
      {can.isOwner ? <AddDomainForm organizationId={organization.id} /> : null}
      {error ? (
        <LoadError error={error} onRetry={() => void refetch()} title="The domains could not be loaded" />
      ) : null}
      {isPending ? <ListSkeleton rows={2} label="Loading domains" /> : null}
      {domains && domains.length === 0 ? (
        <SectionCard>
          <ListEmpty
            icon={IconWorld}
            title="No domains yet"
            description={
              can.isOwner
                ? "Add your company's email domain above."
                : "An owner can add the company's domain."
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
        title="Remove domain"
        confirmLabel="Remove domain"
        action={(domain) => removeDomain(organization.id, domain)}
        invalidate={[domainsKey(organization.id), auditKey]}
        success={(domain) => ({
          title: "Domain removed",
          message: `${domain.domain} no longer lets anyone in.`,
        })}
      >
        {removing
          ? `People at ${removing.domain} will no longer be offered ${organization.name}, and requests waiting through it are dropped. Members stay.`
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
    const parsed = domainName.safeParse(value);
    if (!parsed.success) {
      setProblem(`The domain ${parsed.error.issues[0]?.message ?? "is not valid"}`);
      return;
    }
    setProblem(null);
    add.mutate(parsed.data);
  }

  return (
    <SectionCard id="add-domain" title="Add a domain">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Group align="flex-start" gap="sm" wrap="wrap">
            <TextInput
              label="Domain"
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
              Add domain
            </Button>
          </Group>
          <Text size="xs" c="dimmed">
            A domain you control, like acme.com or acme.co.uk; not an IP address nor a public suffix.
          </Text>
          <ErrorAlert error={add.error} title="The domain was not added" />
        </Stack>
      </form>
    </SectionCard>
  );
}
