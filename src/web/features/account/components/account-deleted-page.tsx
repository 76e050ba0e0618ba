import { Stack, Text } from "@mantine/core";
import { IconQuestionMark } from "@tabler/icons-react";
import { getRouteApi } from "@tanstack/react-router";
import { AuthCard } from "#web/components/auth-card.tsx";
import { ButtonLink } from "#web/components/button-link.tsx";
import { PageLoader } from "#web/components/page-loader.tsx";
import { TextLink } from "#web/components/text-link.tsx";
import { t } from "#web/i18n/i18n.ts";
import { usePageTitle } from "#web/lib/use-page-title.ts";
import { useForgetDeletedAccount } from "../api/use-delete-account.ts";
import { useLinkOutcome } from "../api/use-link-outcome.ts";

const route = getRouteApi("/account/deleted");

/**
 * Where deletion ends, by the mailed link or by password. It says the account is gone only with the proof
 * the deletion left in the URL (`outcome`); opened directly it says nothing was deleted here.
 */
export function AccountDeletedPage() {
  const { outcome: outcomeId } = route.useSearch();
  const outcome = useLinkOutcome(outcomeId);
  if (outcome.isLoading) return <PageLoader label={t("account.deleted.checking")} />;
  return outcome.data?.kind === "account-deleted" ? <AccountDeleted /> : <NothingDeleted />;
}

function AccountDeleted() {
  usePageTitle(t("account.deleted.pageTitle"));
  useForgetDeletedAccount();

  return (
    <AuthCard
      title={t("account.deleted.title")}
      done
      subtitle={t("account.deleted.subtitle")}
      footer={<TextLink to="/sign-in">{t("account.deleted.backToSignIn")}</TextLink>}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed" ta="center">
          {t("account.deleted.changedMind")}
        </Text>
        <ButtonLink to="/sign-up" fullWidth size="md" variant="default">
          {t("account.deleted.createAccount")}
        </ButtonLink>
      </Stack>
    </AuthCard>
  );
}

function NothingDeleted() {
  usePageTitle(t("account.deleted.nothingPageTitle"));
  return (
    <AuthCard
      title={t("account.deleted.nothingTitle")}
      icon={<IconQuestionMark size={26} stroke={1.6} />}
      subtitle={t("account.deleted.nothingSubtitle")}
    >
      <ButtonLink to="/account" search={{ section: "danger" }} fullWidth size="md" variant="default">
        {t("account.deleted.goToSettings")}
      </ButtonLink>
    </AuthCard>
  );
}
