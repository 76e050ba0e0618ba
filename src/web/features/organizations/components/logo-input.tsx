import { Button, FileButton, Group, Input, SegmentedControl, Stack, Text, TextInput } from "@mantine/core";
import { IconLink, IconPhotoUp, IconTrash } from "@tabler/icons-react";
import { useId, useState } from "react";
import { URL_MAX } from "#shared/fields.ts";
import { t } from "#web/i18n/i18n.ts";
import { LOGO_ACCEPT, LogoError, logoFromFile, validateLogoUrl } from "../lib/logo.ts";
import { OrgAvatar } from "./org-avatar.tsx";

interface LogoInputProps {
  /** The organization's name, for the initials shown when there is no logo. */
  name: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
}

/** Logo by upload (downscaled in the browser) or by https URL, with a live preview. */
export function LogoInput({ name, value, onChange, error }: LogoInputProps) {
  const id = useId();
  const [mode, setMode] = useState<"upload" | "url">(value && !value.startsWith("data:") ? "url" : "upload");
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [processing, setProcessing] = useState(false);
  const urlError = mode === "url" ? validateLogoUrl(value) : null;

  async function handleFile(file: File | null) {
    if (!file) return;
    setUploadError(null);
    setProcessing(true);
    try {
      onChange(await logoFromFile(file));
    } catch (err) {
      setUploadError(err instanceof LogoError ? err.message : t("organizations.logo.unusable"));
    } finally {
      setProcessing(false);
    }
  }

  return (
    <Input.Wrapper
      label={t("organizations.logo.label")}
      labelElement="div"
      id={`${id}-logo`}
      error={error || uploadError || urlError || undefined}
    >
      <Group gap="md" align="center" wrap="nowrap" mt={4}>
        <OrgAvatar name={name || "?"} logo={value} size={64} aria-label={t("organizations.logo.preview")} />
        <Stack gap="xs" style={{ flex: 1, minWidth: 0 }}>
          <SegmentedControl
            size="xs"
            value={mode}
            onChange={(next) => {
              setMode(next as "upload" | "url");
              setUploadError(null);
            }}
            data={[
              { value: "upload", label: t("organizations.logo.upload") },
              { value: "url", label: t("organizations.logo.fromUrl") },
            ]}
            aria-label={t("organizations.logo.how")}
            style={{ alignSelf: "flex-start" }}
          />
          {mode === "upload" ? (
            <Group gap="xs" wrap="wrap">
              <FileButton onChange={handleFile} accept={LOGO_ACCEPT}>
                {(props) => (
                  <Button
                    {...props}
                    size="xs"
                    variant="default"
                    loading={processing}
                    leftSection={<IconPhotoUp size={14} aria-hidden />}
                  >
                    {value ? t("organizations.logo.replace") : t("organizations.logo.choose")}
                  </Button>
                )}
              </FileButton>
              {value ? (
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  c="var(--mantine-color-error)"
                  leftSection={<IconTrash size={14} aria-hidden />}
                  onClick={() => onChange("")}
                >
                  {t("organizations.logo.remove")}
                </Button>
              ) : null}
            </Group>
          ) : (
            <TextInput
              size="sm"
              aria-label={t("organizations.logo.url")}
              placeholder="https://example.com/logo.png"
              leftSection={<IconLink size={14} aria-hidden />}
              value={value.startsWith("data:") ? "" : value}
              onChange={(event) => onChange(event.currentTarget.value.trim())}
              maxLength={URL_MAX}
            />
          )}
          <Text size="xs" c="dimmed">
            {mode === "upload" ? t("organizations.logo.uploadHint") : t("organizations.logo.urlHint")}
          </Text>
        </Stack>
      </Group>
    </Input.Wrapper>
  );
}
