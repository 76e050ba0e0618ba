import { Badge, Box, Button, Group, Stack, Text, ThemeIcon } from "@mantine/core";
import { IconAlertTriangle, IconCircleCheck, IconMail } from "@tabler/icons-react";
import { getRouteApi, useNavigate } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { SectionCard } from "#web/components/section-card.tsx";
import { notifySuccess } from "#web/lib/api/notify.ts";
import { authClient, type Session } from "#web/lib/auth-client.ts";
import { fetchCurrentEmail } from "../api/use-email.ts";
import {
  outcomeOfReturn,
  type PendingEmailChange,
  readPendingEmailChange,
  readStoredEmailChange,
  savePendingEmailChange,
} from "../lib/pending-email.ts";
import { RedirectErrorAlert } from "./account-alerts.tsx";
import { ChangeEmailForm } from "./change-email-form.tsx";
import { PendingEmailNotice } from "./pending-email-notice.tsx";
import { VerifyEmailAlert } from "./verify-email-alert.tsx";

const route = getRouteApi("/_signed-in/account");

/** Current address, its verification, and the change flow (POST /api/auth/change-email). */
export function EmailSection({ user }: { user: Session["user"] }) {
  const search = route.useSearch();
  const navigate = useNavigate();
  const { refetch } = authClient.useSession();
  const [pending, setPending] = useState<PendingEmailChange | null>(() => readPendingEmailChange(user.email));
  const [editing, setEditing] = useState(false);
  const [linkError, setLinkError] = useState<string | null>(
    search.emailChange ? (search.error ?? null) : null,
  );

  // Back from a link: either the old address approved (step 1) or the new one verified (done).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per return from a link
  useEffect(() => {
    if (!search.emailChange) return;
    void (async () => {
      const email = (await fetchCurrentEmail()) ?? user.email;
      void refetch();
      const outcome = outcomeOfReturn(readStoredEmailChange(), email, search.error);
      if (outcome.kind === "changed") {
        savePendingEmailChange(null);
        setPending(null);
        notifySuccess({ title: "Email address changed", message: `You now sign in with ${email}.` });
      } else if (outcome.kind === "approved") {
        savePendingEmailChange(outcome.change);
        setPending(outcome.change);
      }
      await navigate({ to: "/account", search: { section: "email" }, replace: true });
    })();
  }, [search.emailChange]);

  useEffect(() => {
    setPending(readPendingEmailChange(user.email));
  }, [user.email]);

  return (
    <SectionCard
      id="email"
      title="Email address"
      description="Where we send sign-in links and security notices. You also sign in with it."
    >
      <Stack gap="lg">
        <RedirectErrorAlert
          code={linkError}
          next="You can start the change again below."
          onClose={() => setLinkError(null)}
        />

        <Group gap="md" wrap="wrap" align="center">
          <ThemeIcon variant="light" size={40} radius="xl" aria-hidden visibleFrom="xs">
            <IconMail size={20} stroke={1.6} />
          </ThemeIcon>
          <Box style={{ minWidth: 0, flex: "1 1 14rem" }}>
            <Group gap="xs" wrap="wrap">
              <Text fw={600} style={{ overflowWrap: "anywhere" }} data-testid="current-email">
                {user.email}
              </Text>
              <VerifiedBadge verified={user.emailVerified} />
            </Group>
            <Text size="xs" c="dimmed">
              Primary address
            </Text>
          </Box>
          {!editing && !pending ? (
            <Button variant="default" size="sm" onClick={() => setEditing(true)}>
              Change
            </Button>
          ) : null}
        </Group>

        {!user.emailVerified ? <VerifyEmailAlert email={user.email} /> : null}

        {pending ? (
          <PendingEmailNotice
            pending={pending}
            onCancel={() => {
              savePendingEmailChange(null);
              setPending(null);
            }}
            onResent={setPending}
          />
        ) : null}

        {editing && !pending ? (
          <ChangeEmailForm
            user={user}
            onCancel={() => setEditing(false)}
            onSent={(change) => {
              setEditing(false);
              setPending(change);
            }}
          />
        ) : null}
      </Stack>
    </SectionCard>
  );
}

function VerifiedBadge({ verified }: { verified: boolean }) {
  return verified ? (
    <Badge color="teal" variant="light" leftSection={<IconCircleCheck size={12} aria-hidden />}>
      Verified
    </Badge>
  ) : (
    <Badge color="yellow" variant="light" leftSection={<IconAlertTriangle size={12} aria-hidden />}>
      Not verified
    </Badge>
  );
}
