import { Button, Card, Stack, Text, Title } from "@mantine/core";
import { IconCrown } from "@tabler/icons-react";
import { getRouteApi, useNavigate } from "@tanstack/react-router";
import { ErrorAlert } from "#web/components/error-alert.tsx";
import { t } from "#web/i18n/i18n.ts";
import { usePageTitle } from "#web/lib/use-page-title.ts";
import { useAcceptOwnership } from "../api/use-ownership.ts";

const route = getRouteApi("/_signed-in/ownership/accept");

/** `/ownership/accept?token=…`: the mailed link of an ownership offer; nothing changes until accepted. */
export function OwnershipAcceptPage() {
  usePageTitle(t("integrations.ownership.accept"));
  const { token } = route.useSearch();
  const navigate = useNavigate();
  const accept = useAcceptOwnership(() => void navigate({ to: "/organizations" }));
  return (
    <Stack maw={560} mx="auto" py={{ base: "md", sm: 48 }}>
      <Card withBorder radius="lg" padding="xl">
        <Stack gap="md">
          <IconCrown size={32} aria-hidden />
          <Title order={1} fz={24}>
            {t("integrations.ownership.accept")}
          </Title>
          <Text size="sm">{t("integrations.ownership.acceptPageBody")}</Text>
          <ErrorAlert error={accept.error} />
          <Button
            onClick={() => token && accept.mutate({ token })}
            loading={accept.isPending}
            disabled={!token}
            color="grape"
          >
            {t("integrations.ownership.accept")}
          </Button>
        </Stack>
      </Card>
    </Stack>
  );
}
