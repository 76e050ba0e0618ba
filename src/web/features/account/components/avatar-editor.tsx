import { Box, Button, FileButton, Group, Image, Stack, Text, TextInput } from "@mantine/core";
import { IconLink, IconTrash, IconUpload } from "@tabler/icons-react";
import { useState } from "react";
import { URL_MAX } from "#shared/fields.ts";
import { UserAvatar } from "#web/components/user-avatar.tsx";
import { t } from "#web/i18n/i18n.ts";
import { errorText } from "#web/lib/api/error-text.ts";
import type { Session } from "#web/lib/auth-client.ts";
import { useUpdatePicture } from "../api/use-profile.ts";
import { AVATAR_TYPES, avatarUrlProblem, prepareAvatar } from "../lib/avatar-image.ts";
import { DismissibleAlert } from "./account-alerts.tsx";

type Busy = "upload" | "url" | "remove";
type PreviewState = "idle" | "loading" | "ok" | "broken";

/** Profile picture: upload (cropped, downscaled, stored as a data URL), an https address, or none. */
export function AvatarEditor({ user }: { user: Session["user"] }) {
  const update = useUpdatePicture();
  // Which button started the change: preparing an upload takes a moment before the request.
  const [busy, setBusy] = useState<Busy | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [urlOpen, setUrlOpen] = useState(false);

  function save(image: string | null, kind: Busy, onSaved?: () => void) {
    setBusy(kind);
    update.mutate(image, { onSuccess: onSaved, onSettled: () => setBusy(null) });
  }

  async function upload(file: File | null) {
    if (!file) return;
    setUploadError(null);
    setBusy("upload");
    try {
      const { dataUrl } = await prepareAvatar(file);
      save(dataUrl, "upload");
    } catch (error) {
      setBusy(null);
      setUploadError(errorText(error));
    }
  }

  const other = (kind: Busy) => busy !== null && busy !== kind;

  return (
    <Stack gap="md">
      <Group gap="lg" wrap="nowrap" align="center">
        <UserAvatar name={user.name} email={user.email} image={user.image} size={80} radius={80} />
        <Stack gap={8} style={{ minWidth: 0 }}>
          <Group gap="xs">
            <FileButton onChange={upload} accept={AVATAR_TYPES.join(",")}>
              {(props) => (
                <Button
                  {...props}
                  size="sm"
                  variant="default"
                  leftSection={<IconUpload size={16} aria-hidden />}
                  loading={busy === "upload"}
                  disabled={other("upload")}
                >
                  {t("account.avatar.upload")}
                </Button>
              )}
            </FileButton>
            <Button
              size="sm"
              variant="subtle"
              leftSection={<IconLink size={16} aria-hidden />}
              onClick={() => setUrlOpen((open) => !open)}
              aria-expanded={urlOpen}
              aria-controls="avatar-url-panel"
            >
              {t("account.avatar.useUrl")}
            </Button>
            {user.image ? (
              <Button
                size="sm"
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={16} aria-hidden />}
                loading={busy === "remove"}
                disabled={other("remove")}
                onClick={() => save(null, "remove")}
              >
                {t("account.avatar.remove")}
              </Button>
            ) : null}
          </Group>
          <Text size="xs" c="dimmed">
            {t("account.avatar.hint")}
          </Text>
        </Stack>
      </Group>

      {uploadError ? (
        <DismissibleAlert onClose={() => setUploadError(null)}>{uploadError}</DismissibleAlert>
      ) : null}

      {urlOpen ? (
        <AvatarUrlPanel
          saving={busy === "url"}
          onSave={(url, onSaved) => save(url, "url", onSaved)}
          onClose={() => setUrlOpen(false)}
        />
      ) : null}
    </Stack>
  );
}

/** An https address for the picture, with a live preview that must load before it is saved. */
function AvatarUrlPanel({
  saving,
  onSave,
  onClose,
}: {
  saving: boolean;
  onSave: (url: string, onSaved: () => void) => void;
  onClose: () => void;
}) {
  const [url, setUrl] = useState("");
  const [urlError, setUrlError] = useState<string | null>(null);
  const [preview, setPreview] = useState<PreviewState>("idle");
  const urlValid = avatarUrlProblem(url) === null;

  function apply() {
    const problem = avatarUrlProblem(url);
    if (problem) {
      setUrlError(problem);
      return;
    }
    if (preview === "broken") {
      setUrlError(t("account.avatar.urlBrokenCheck"));
      return;
    }
    onSave(url.trim(), onClose);
  }

  return (
    <Box id="avatar-url-panel">
      <Group gap="md" align="flex-start" wrap="nowrap">
        <Box
          w={56}
          h={56}
          mt={28}
          style={{
            flex: "none",
            borderRadius: "50%",
            overflow: "hidden",
            border: "1px solid var(--mantine-color-default-border)",
            background: "var(--mantine-color-default)",
          }}
        >
          {urlValid ? (
            <Image
              key={url.trim()}
              src={url.trim()}
              alt={t("account.avatar.previewAlt")}
              w={56}
              h={56}
              fit="cover"
              onLoad={() => setPreview("ok")}
              onError={() => setPreview("broken")}
            />
          ) : null}
        </Box>
        <Stack gap="xs" style={{ flex: 1, minWidth: 0 }}>
          <TextInput
            label={t("account.avatar.urlLabel")}
            placeholder="https://example.com/me.png"
            type="url"
            inputMode="url"
            value={url}
            maxLength={URL_MAX}
            onChange={(event) => {
              setUrl(event.currentTarget.value);
              setUrlError(null);
              setPreview("loading");
            }}
            error={urlError ?? (urlValid && preview === "broken" ? t("account.avatar.urlBroken") : undefined)}
          />
          <Group gap="xs">
            <Button size="sm" onClick={apply} loading={saving} disabled={!url.trim()}>
              {t("account.avatar.useThis")}
            </Button>
            <Button size="sm" variant="default" onClick={onClose}>
              {t("account.avatar.cancel")}
            </Button>
          </Group>
        </Stack>
      </Group>
    </Box>
  );
}
