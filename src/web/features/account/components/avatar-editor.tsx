import { Alert, Box, Button, FileButton, Group, Image, Stack, Text, TextInput } from "@mantine/core";
import { IconAlertCircle, IconLink, IconTrash, IconUpload } from "@tabler/icons-react";
import { useState } from "react";
import { UserAvatar } from "#web/components/user-avatar.tsx";
import { authClient, type Session } from "#web/lib/auth-client.ts";
import { errorText, unwrap } from "../lib/auth-call.ts";
import { AVATAR_TYPES, AvatarError, avatarUrlProblem, prepareAvatar } from "../lib/avatar-image.ts";
import { notifyError, notifySuccess } from "../lib/notify.ts";

type PreviewState = "idle" | "loading" | "ok" | "broken";

/** Profile picture: upload (cropped, downscaled, stored as a data URL), an https address, or none. */
export function AvatarEditor({ user }: { user: Session["user"] }) {
  const [busy, setBusy] = useState<"upload" | "url" | "remove" | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [urlOpen, setUrlOpen] = useState(false);
  const [url, setUrl] = useState("");
  const [urlError, setUrlError] = useState<string | null>(null);
  const [preview, setPreview] = useState<PreviewState>("idle");

  async function save(image: string | null, kind: "upload" | "url" | "remove") {
    setBusy(kind);
    try {
      await unwrap(authClient.updateUser({ image }));
      notifySuccess(
        image ? "Profile picture updated" : "Profile picture removed",
        image ? "Your new picture is shown everywhere." : "Your initials are shown instead.",
      );
      return true;
    } catch (error) {
      notifyError("Could not update your picture", error);
      return false;
    } finally {
      setBusy(null);
    }
  }

  async function upload(file: File | null) {
    if (!file) return;
    setUploadError(null);
    setBusy("upload");
    try {
      const { dataUrl } = await prepareAvatar(file);
      await save(dataUrl, "upload");
    } catch (error) {
      setBusy(null);
      setUploadError(error instanceof AvatarError ? error.message : errorText(error));
    }
  }

  async function applyUrl() {
    const problem = avatarUrlProblem(url);
    if (problem) {
      setUrlError(problem);
      return;
    }
    if (preview === "broken") {
      setUrlError("We couldn't load an image from that address. Check it opens in your browser.");
      return;
    }
    if (await save(url.trim(), "url")) {
      setUrlOpen(false);
      setUrl("");
      setPreview("idle");
    }
  }

  const urlValid = avatarUrlProblem(url) === null;

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
                  disabled={busy !== null && busy !== "upload"}
                >
                  Upload image
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
              Use an image URL
            </Button>
            {user.image ? (
              <Button
                size="sm"
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={16} aria-hidden />}
                loading={busy === "remove"}
                disabled={busy !== null && busy !== "remove"}
                onClick={() => save(null, "remove")}
              >
                Remove
              </Button>
            ) : null}
          </Group>
          <Text size="xs" c="dimmed">
            PNG, JPEG or WebP, up to 1 MB. Cropped to a square and resized to fit.
          </Text>
        </Stack>
      </Group>

      {uploadError ? (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle size={18} aria-hidden />}
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setUploadError(null)}
        >
          {uploadError}
        </Alert>
      ) : null}

      {urlOpen ? (
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
                  alt="Preview of the new picture"
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
                label="Image address"
                placeholder="https://example.com/me.png"
                type="url"
                inputMode="url"
                value={url}
                maxLength={2048}
                onChange={(event) => {
                  setUrl(event.currentTarget.value);
                  setUrlError(null);
                  setPreview("loading");
                }}
                error={
                  urlError ??
                  (urlValid && preview === "broken"
                    ? "We couldn't load an image from that address."
                    : undefined)
                }
              />
              <Group gap="xs">
                <Button size="sm" onClick={applyUrl} loading={busy === "url"} disabled={!url.trim()}>
                  Use this image
                </Button>
                <Button size="sm" variant="default" onClick={() => setUrlOpen(false)}>
                  Cancel
                </Button>
              </Group>
            </Stack>
          </Group>
        </Box>
      ) : null}
    </Stack>
  );
}
