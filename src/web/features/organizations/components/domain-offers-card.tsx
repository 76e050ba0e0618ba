import { Alert, Button, Group, Stack, Text } from "@mantine/core";
import { IconBuildingCommunity } from "@tabler/icons-react";
import type { DomainOffer } from "#shared/contracts/domains.ts";
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
          title={`Join ${offer.organizationName}`}
        >
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Text size="sm">
              {offer.needsTwoFactor
                ? `You have an @${offer.domain} address. ${offer.organizationName} requires two-factor authentication: turn it on in your account's Security section first.`
                : offer.requestPending
                  ? `You asked to join with your @${offer.domain} address; an admin will decide.`
                  : `You have an @${offer.domain} address.`}
            </Text>
            {offer.requestPending || offer.needsTwoFactor ? null : (
              <Button
                size="xs"
                loading={join.isPending && join.variables?.organizationId === offer.organizationId}
                onClick={() => join.mutate(offer)}
              >
                {offer.joinMode === "auto" ? `Join ${offer.organizationName}` : "Ask to join"}
              </Button>
            )}
          </Group>
        </Alert>
      ))}
    </Stack>
  );
}
