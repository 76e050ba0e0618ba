import { Alert, Button, Center, Code, Group, Stack, Text, Title } from "@mantine/core";
import { IconAlertTriangle, IconRefresh } from "@tabler/icons-react";
import { type ErrorComponentProps, Link, useRouter } from "@tanstack/react-router";
import { useEffect } from "react";
import { t } from "#web/i18n/i18n.ts";
import { isNetworkError } from "#web/lib/api/api-error.ts";
import { retryFailedScreens } from "#web/lib/lazy-load.ts";

/** Shown when a route throws while loading or rendering. */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const message = error instanceof Error ? error.message : String(error);
  // No answer (offline, the screen's code could not load): the plain words, no technical details.
  const unreachable = isNetworkError(error);
  // A fault in a screen is logged for whoever debugs it (the browser's runtime logs nothing it caught); a screen
  // whose code could not load offline says so on the page, with nothing to debug.
  useEffect(() => {
    if (!unreachable) console.error(error);
  }, [error, unreachable]);

  return (
    <Center py={64}>
      <Stack gap="md" maw={520} w="100%">
        <Title order={1} fz={28} ta="center">
          {unreachable ? t("common.routeError.unreachableTitle") : t("common.routeError.title")}
        </Title>
        <Text c="dimmed" ta="center">
          {unreachable ? t("common.routeError.unreachableText") : t("common.routeError.text")}
        </Text>
        {unreachable ? null : (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle size={18} aria-hidden />}
            title={t("common.routeError.details")}
          >
            <Code block>{message || t("common.routeError.unknown")}</Code>
          </Alert>
        )}
        <Group justify="center">
          <Button
            leftSection={<IconRefresh size={16} aria-hidden />}
            onClick={() => {
              retryFailedScreens();
              reset();
              void router.invalidate();
            }}
          >
            {t("common.actions.tryAgain")}
          </Button>
          <Button component={Link} to="/" variant="default">
            {t("common.nav.home")}
          </Button>
        </Group>
      </Stack>
    </Center>
  );
}
