import { IconLinkOff } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { AuthCard } from "#web/components/auth-card.tsx";
import { TextLink } from "#web/components/text-link.tsx";
import { t } from "#web/i18n/i18n.ts";
import { describeRedirectError } from "#web/lib/redirect-errors.ts";
import { usePageTitle } from "#web/lib/use-page-title.ts";

interface RedirectErrorCardProps {
  /** The error code the server redirected with (SPEC §8), explained to the reader. */
  code: string;
  /** A sentence after that explanation. */
  note?: string;
  /** @default a broken link */
  icon?: ReactNode;
  /** @default "Back to sign in" under the card */
  footer?: ReactNode;
  /** The way on, e.g. asking for a new link. */
  children: ReactNode;
}

/** Why something the server redirected back from did not work (a mailed link, a sign-in), and a way on. */
export function RedirectErrorCard({
  code,
  note,
  icon = <IconLinkOff size={26} stroke={1.6} />,
  footer = <TextLink to="/sign-in">{t("common.redirectError.backToSignIn")}</TextLink>,
  children,
}: RedirectErrorCardProps) {
  const text = describeRedirectError(code);
  usePageTitle(text.title);
  return (
    <AuthCard
      title={text.title}
      icon={icon}
      iconColor="red"
      subtitle={
        note ? t("common.redirectError.withNote", { description: text.description, note }) : text.description
      }
      footer={footer}
    >
      {children}
    </AuthCard>
  );
}
