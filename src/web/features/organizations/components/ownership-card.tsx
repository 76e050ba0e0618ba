import { Alert, Button, Checkbox, Group, Stack, Text } from "@mantine/core";
import { IconCrown, IconLock } from "@tabler/icons-react";
import { useState } from "react";
import { hasRole } from "#shared/roles.ts";
import { ErrorAlert, LoadError } from "#web/components/error-alert.tsx";
import { SectionCard } from "#web/components/section-card.tsx";
import { t } from "#web/i18n/i18n.ts";
import { authClient } from "#web/lib/auth-client.ts";
import { formatDate } from "#web/lib/format.ts";
import {
  type OwnershipOffer,
  useAcceptOwnership,
  useOfferOwnership,
  useOwnershipOffer,
  useWithdrawOwnershipOffer,
} from "../api/use-ownership.ts";
import { ReadOnlyNote } from "./list-table.tsx";
import { MemberPicker, type PickedMember } from "./member-picker.tsx";
import { useCurrentOrganization } from "./organization-context.tsx";

/** Settings: owners offer the organization's ownership to a member, see the open offer and withdraw it. */
export function OwnershipCard() {
  const { organization, can } = useCurrentOrganization();
  const offer = useOwnershipOffer(organization.id);
  return (
    <SectionCard
      id="ownership"
      title={t("integrations.ownership.title")}
      description={t("integrations.ownership.description")}
    >
      {!can.isOwner ? (
        <ReadOnlyNote icon={<IconLock size={18} aria-hidden />}>
          {t("integrations.ownership.ownersOnly", { organization: organization.name })}
        </ReadOnlyNote>
      ) : offer.error ? (
        <LoadError
          error={offer.error}
          onRetry={() => void offer.refetch()}
          title={t("integrations.ownership.loadError")}
        />
      ) : offer.data ? (
        <OpenOffer offer={offer.data} />
      ) : (
        <OfferForm />
      )}
    </SectionCard>
  );
}

function OpenOffer({ offer }: { offer: OwnershipOffer }) {
  const { organization } = useCurrentOrganization();
  const withdraw = useWithdrawOwnershipOffer(organization);
  return (
    <Stack gap="sm">
      <Text size="sm">
        {offer.keepOwner
          ? t("integrations.ownership.offeredUntilStay", { date: formatDate(offer.expiresAt) })
          : t("integrations.ownership.offeredUntilAdmin", { date: formatDate(offer.expiresAt) })}
      </Text>
      <Group>
        <Button variant="default" color="red" loading={withdraw.isPending} onClick={() => withdraw.mutate()}>
          {t("integrations.ownership.withdraw")}
        </Button>
      </Group>
    </Stack>
  );
}

/** The offer: any member but the owners (the person offering is one), found by MemberPicker's server search. */
function OfferForm() {
  const { organization } = useCurrentOrganization();
  const [chosen, setChosen] = useState<PickedMember | null>(null);
  const [keepOwner, setKeepOwner] = useState(false);
  const offer = useOfferOwnership(organization.id, () => setChosen(null));
  return (
    <Stack gap="sm">
      <ErrorAlert error={offer.error} />
      <MemberPicker
        label={t("integrations.ownership.newOwner")}
        placeholder={t("integrations.ownership.chooseMember")}
        exclude={(member) => hasRole(member.role, "owner")}
        nothingFound={t("integrations.ownership.noCandidate")}
        value={chosen}
        onChange={setChosen}
      />
      <Checkbox
        label={t("integrations.ownership.keepOwner")}
        checked={keepOwner}
        onChange={(e) => setKeepOwner(e.currentTarget.checked)}
      />
      <Group>
        <Button
          leftSection={<IconCrown size={16} aria-hidden />}
          disabled={!chosen}
          loading={offer.isPending}
          onClick={() => chosen && offer.mutate({ memberId: chosen.memberId, keepOwner, name: chosen.name })}
        >
          {t("integrations.ownership.offer")}
        </Button>
      </Group>
    </Stack>
  );
}

/** Overview: the member an offer is for accepts it in the app. */
export function OwnershipOfferNotice() {
  const { organization } = useCurrentOrganization();
  const { data: session } = authClient.useSession();
  const offer = useOwnershipOffer(organization.id);
  const accept = useAcceptOwnership();
  if (!offer.data || offer.data.toUserId !== session?.user.id) return null;
  return (
    <Alert
      color="grape"
      variant="light"
      icon={<IconCrown size={18} aria-hidden />}
      title={t("integrations.ownership.offeredToYou")}
    >
      <Stack gap="sm">
        <ErrorAlert error={accept.error} />
        <Text size="sm">
          {t("integrations.ownership.offeredToYouBody", {
            organization: organization.name,
            date: formatDate(offer.data.expiresAt),
          })}
        </Text>
        <Group>
          <Button
            color="grape"
            loading={accept.isPending}
            onClick={() => offer.data && accept.mutate({ offerId: offer.data.id })}
          >
            {t("integrations.ownership.accept")}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
