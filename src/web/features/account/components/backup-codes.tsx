import { Alert, Button, Group, SimpleGrid, Stack, Text } from "@mantine/core";
import { IconDownload, IconKey } from "@tabler/icons-react";
import { useEffect, useRef } from "react";
import { CopyValueButton } from "#web/components/copy-value.tsx";
import { t } from "#web/i18n/i18n.ts";
import { useAppConfig } from "#web/lib/app-config.ts";

/** The codes as a text file a person keeps: one a line, with what they are for. */
function codesFile(appName: string, email: string, codes: string[]): string {
  return [
    t("account.backupCodes.fileTitle", { app: appName, email }),
    t("account.backupCodes.fileHint"),
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
  // The codes replace the step that asked for them, and the focus in it: it comes to them, read out first,
  // rather than falling back to the page behind the dialog.
  // (Mantine types the ref as its default element, a div; it is the ul.)
  const list = useRef<HTMLDivElement>(null);
  useEffect(() => list.current?.focus(), []);
  return (
    <Stack gap="md">
      <Alert color="yellow" variant="light" icon={<IconKey size={18} aria-hidden />}>
        {t("account.backupCodes.save")}
      </Alert>
      <SimpleGrid
        cols={2}
        spacing="xs"
        component="ul"
        ref={list}
        tabIndex={-1}
        aria-label={t("account.backupCodes.listLabel")}
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
        <CopyValueButton value={text} label={t("account.backupCodes.copyLabel")} />
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          onClick={() => download(`${config.appName.toLowerCase()}-backup-codes.txt`, text)}
        >
          {t("account.backupCodes.download")}
        </Button>
      </Group>
    </Stack>
  );
}
