import { Button, Center, Stack, Text, Title } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import { t } from "#web/i18n/i18n.ts";

export function NotFound() {
  return (
    <Center py={64}>
      <Stack align="center" gap="md" ta="center" maw={440}>
        <Text fz={64} fw={800} lh={1} c="dimmed" aria-hidden>
          404
        </Text>
        <Title order={1} fz={28} c="var(--mantine-color-bright)">
          {t("common.notFound.title")}
        </Title>
        <Text c="dimmed">{t("common.notFound.text")}</Text>
        <Button component={Link} to="/" leftSection={<IconArrowLeft size={16} aria-hidden />}>
          {t("common.notFound.goHome")}
        </Button>
      </Stack>
    </Center>
  );
}
