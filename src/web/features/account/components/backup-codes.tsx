import { Alert, Button, Group, SimpleGrid, Stack, Text } from "@mantine/core";
import { IconDownload, IconKey } from "@tabler/icons-react";
import { CopyValueButton } from "#web/components/copy-value.tsx";
import { useAppConfig } from "#web/lib/app-config.ts";

/** The codes as a text file a person keeps: one a line, with what they are for. */
function codesFile(appName: string, email: string, codes: string[]): string {
  return [
    `${appName} backup codes for ${email}`,
    "Each code signs you in once when you cannot use your authenticator app.",
    "",
    ...codes,
    "",
  ].join("\n");
}

function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: "text/plain;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}

/** Backup codes shown once: in a grid, with copy and download (.txt). */
export function BackupCodes({ codes, email }: { codes: string[]; email: string }) {
  const config = useAppConfig();
  const text = codesFile(config.appName, email, codes);
  return (
    <Stack gap="md">
      <Alert color="yellow" variant="light" icon={<IconKey size={18} aria-hidden />}>
        Save these codes somewhere safe, such as a password manager. Each works once, when you can't use your
        app. You won't see them again.
      </Alert>
      <SimpleGrid
        cols={2}
        spacing="xs"
        component="ul"
        aria-label="Backup codes"
        data-testid="backup-codes"
        style={{ listStyle: "none", padding: 0, margin: 0 }}
      >
        {codes.map((code) => (
          <Text
            component="li"
            key={code}
            ff="monospace"
            fz="md"
            ta="center"
            py={6}
            bg="var(--mantine-color-default-hover)"
            style={{ borderRadius: 6 }}
          >
            {code}
          </Text>
        ))}
      </SimpleGrid>
      <Group gap="sm">
        <CopyValueButton value={text} label="codes" />
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          onClick={() => download(`${config.appName.toLowerCase()}-backup-codes.txt`, text)}
        >
          Download .txt
        </Button>
      </Group>
    </Stack>
  );
}
