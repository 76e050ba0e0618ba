import { Group, Stack, Text, ThemeIcon } from "@mantine/core";
import { IconCheck } from "@tabler/icons-react";
import { t } from "#web/i18n/i18n.ts";
import { scopeText } from "#web/lib/oauth-scopes.ts";

/** What the app asks to do, one line per scope, in plain words. */
export function ScopeList({ scopes }: { scopes: string[] }) {
  return (
    <Stack
      component="ul"
      gap="sm"
      aria-label={t("oauth.consent.scopesLabel")}
      style={{ listStyle: "none", padding: 0, margin: 0 }}
    >
      {scopes.map((scope) => {
        const text = scopeText(scope);
        return (
          <Group component="li" key={scope} data-scope={scope} gap="sm" wrap="nowrap" align="flex-start">
            <ThemeIcon
              color="teal"
              size={24}
              radius="xl"
              variant="light"
              aria-hidden
              style={{ flex: "none" }}
            >
              <IconCheck size={14} stroke={2.2} />
            </ThemeIcon>
            <div style={{ minWidth: 0 }}>
              <Text size="sm" fw={600}>
                {text.title}
              </Text>
              <Text size="xs" c="dimmed">
                {text.description}
              </Text>
            </div>
          </Group>
        );
      })}
    </Stack>
  );
}
