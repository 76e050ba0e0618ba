import { ActionIcon, Button, type ButtonProps, CopyButton, Tooltip } from "@mantine/core";
import { IconCheck, IconCopy } from "@tabler/icons-react";
import { t } from "#web/i18n/i18n.ts";

interface CopyValueProps {
  value: string;
  /**
   * What is copied, in the current language, as it fills "Copy {what}" (common.copy.action): "key", "codes",
   * "user ID"; German "Schlüssel", French "la clé".
   */
  label: string;
  size?: "xs" | "sm";
}

/** "Copy <label>" with a check and "Copied" for two seconds once it is on the clipboard. */
export function CopyValueButton({
  value,
  label,
  size = "sm",
  variant = "default",
}: CopyValueProps & { variant?: ButtonProps["variant"] }) {
  const icon = size === "xs" ? 14 : 16;
  return (
    <CopyButton value={value} timeout={2000}>
      {({ copied, copy }) => (
        <Button
          size={size}
          variant={copied ? "light" : variant}
          color={copied ? "teal" : undefined}
          onClick={copy}
          leftSection={copied ? <IconCheck size={icon} aria-hidden /> : <IconCopy size={icon} aria-hidden />}
        >
          {copied ? t("common.copy.copied") : t("common.copy.action", { what: label })}
        </Button>
      )}
    </CopyButton>
  );
}

/** The same as an icon beside a value, its tooltip and name saying what it copies. */
export function CopyValueIcon({ value, label, size = "sm" }: CopyValueProps) {
  const icon = size === "xs" ? 14 : 16;
  return (
    <CopyButton value={value} timeout={2000}>
      {({ copied, copy }) => (
        <Tooltip
          label={copied ? t("common.copy.copied") : t("common.copy.action", { what: label })}
          withArrow
          position="left"
        >
          <ActionIcon
            variant="subtle"
            color={copied ? "teal" : "gray"}
            size={size}
            onClick={copy}
            aria-label={
              copied
                ? t("common.copy.copiedLabel", { what: label })
                : t("common.copy.action", { what: label })
            }
          >
            {copied ? <IconCheck size={icon} aria-hidden /> : <IconCopy size={icon} aria-hidden />}
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  );
}
