import { Alert, Button, Group, Stack, Text } from "@mantine/core";
import { IconBuildingCommunity } from "@tabler/icons-react";
import type { DomainOffer } from "#shared/contracts/domains.ts";
import { t } from "#web/i18n/i18n.ts";
import { useUnreachableNotice } from "#web/lib/api/unreachable-notice.tsx";
import { useDomainOffers, useJoinThroughDomain } from "../api/use-domains.ts";

/** "Join Acme — you have an @acme.com address": organizations the signed-in person's verified address lets in. */
export function DomainOffersCard() {
  const { data: offers, error } = useDomainOffers();
  useUnreachableNotice(error);
  const join = useJoinThroughDomain();
  if (!offers || offers.length === 0) return null;

  return (
    <Stack gap="sm" data-testid="domain-offers">
      {offers.map((offer: DomainOffer) => (
        <Alert
          key={offer.organizationId}
          color="indigo"
          variant="light"
          icon={<IconBuildingCommunity size={18} aria-hidden />}
          title={t("integrations.domains.offers.join", { organization: offer.organizationName })}
        >
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Text size="sm">
              {offer.needsTwoFactor
                ? t("integrations.domains.offers.needsTwoFactor", {
                    domain: offer.domain,
                    organization: offer.organizationName,
                  })
                : offer.requestPending
                  ? t("integrations.domains.offers.pending", { domain: offer.domain })
                  : t("integrations.domains.offers.hasAddress", { domain: offer.domain })}
            </Text>
            {offer.requestPending || offer.needsTwoFactor ? null : (
              <Button
                size="xs"
                loading={join.isPending && join.variables?.organizationId === offer.organizationId}
                onClick={() => join.mutate(offer)}
              >
                {offer.joinMode === "auto"
                  ? t("integrations.domains.offers.join", { organization: offer.organizationName })
                  : t("integrations.domains.offers.ask")}
              </Button>
            )}
          </Group>
        </Alert>
      ))}
    </Stack>
  );
}
