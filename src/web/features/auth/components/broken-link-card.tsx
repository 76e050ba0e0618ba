import { IconLinkOff } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { AuthCard } from "#web/components/auth-card.tsx";
import { TextLink } from "#web/components/text-link.tsx";
import { describeRedirectError } from "#web/lib/redirect-errors.ts";
import { usePageTitle } from "#web/lib/use-page-title.ts";

interface BrokenLinkCardProps {
  /** The error code the link came back with, explained to the reader. */
  code: string;
  /** A sentence after that explanation. */
  note?: string;
  /** The way on, e.g. asking for a new link. */
  children: ReactNode;
}

/** A mailed link that did not work: why, a way on, and back to sign in. */
export function BrokenLinkCard({ code, note, children }: BrokenLinkCardProps) {
  const text = describeRedirectError(code);
  usePageTitle(text.title);
  return (
    <AuthCard
      title={text.title}
      icon={<IconLinkOff size={26} stroke={1.6} />}
      iconColor="red"
      subtitle={note ? `${text.description} ${note}` : text.description}
      footer={<TextLink to="/sign-in">Back to sign in</TextLink>}
    >
      {children}
    </AuthCard>
  );
}
