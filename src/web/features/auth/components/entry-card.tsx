import type { ReactNode } from "react";
import { AuthCard } from "#web/components/auth-card.tsx";
import { TextLink } from "#web/components/text-link.tsx";
import { T } from "#web/i18n/locale-root.tsx";
import type { MessageId } from "#web/i18n/message-id.ts";
import { useAppConfig } from "#web/lib/app-config.ts";
import { SocialButtons } from "./social-buttons.tsx";

interface EntryCardProps {
  title: string;
  subtitle: string;
  /** The other way in ("… <link>Sign in</link>"), keeping where the person was going and the email typed so far. */
  other: { to: "/sign-in" | "/sign-up"; message: MessageId };
  search: { redirect?: string; email?: string };
  /** Where a social sign-in lands. */
  callbackURL: string;
  onSocialError: (error: unknown) => void;
  /** Ways in after the social buttons (sign-in: "Continue with SSO"). */
  moreWaysIn?: ReactNode;
  /** The email form. */
  children: ReactNode;
}

/** The card of the two ways in (sign-in, sign-up): social buttons, the form, and a link to the other way. */
export function EntryCard({
  title,
  subtitle,
  other,
  search,
  callbackURL,
  onSocialError,
  moreWaysIn,
  children,
}: EntryCardProps) {
  const config = useAppConfig();
  return (
    <AuthCard
      title={title}
      subtitle={subtitle}
      footer={
        <T
          id={other.message}
          components={{
            link: (
              <TextLink to={other.to} search={{ redirect: search.redirect, email: search.email }} fw={600} />
            ),
          }}
        />
      }
    >
      <SocialButtons providers={config.socialProviders} callbackURL={callbackURL} onError={onSocialError}>
        {moreWaysIn}
      </SocialButtons>
      {children}
    </AuthCard>
  );
}
