import { IconAlertCircle } from "@tabler/icons-react";
import { getRouteApi } from "@tanstack/react-router";
import { useState } from "react";
import { LoadError } from "#web/components/error-alert.tsx";
import { PageLoader } from "#web/components/page-loader.tsx";
import { t } from "#web/i18n/i18n.ts";
import { ApiError, isNotFound } from "#web/lib/api/api-error.ts";
import { useInvitationPreview } from "../api/queries.ts";
import { InvitationCard } from "./invitation-card.tsx";
import { AlreadyUsed, Canceled, Declined, Expired, NotFound } from "./invitation-outcomes.tsx";
import { Pending } from "./invitation-pending.tsx";

const route = getRouteApi("/accept-invitation/$id");

/** A malformed or unknown invitation id: the server answers 404, or 400 for an id it cannot read. */
function isUnknownInvitation(error: unknown): boolean {
  return isNotFound(error) || (error instanceof ApiError && error.status === 400);
}

/** `/accept-invitation/$id`: the page an invitation mail links to, signed in or not. */
export function AcceptInvitationPage() {
  const { id } = route.useParams();
  const { error: verifyError, proof } = route.useSearch();
  const preview = useInvitationPreview(id);
  const [declined, setDeclined] = useState(false);

  if (preview.isPending) return <PageLoader label={t("organizations.landing.loading")} />;
  if (preview.error) {
    if (isUnknownInvitation(preview.error)) return <NotFound />;
    return (
      <InvitationCard
        title={t("organizations.landing.loadFailedTitle")}
        icon={<IconAlertCircle size={26} />}
        iconColor="red"
      >
        <LoadError
          error={preview.error}
          onRetry={() => void preview.refetch()}
          title={t("organizations.landing.loadFailed")}
        />
      </InvitationCard>
    );
  }
  const invitation = preview.data;
  if (declined) return <Declined invitation={invitation} />;

  switch (invitation.status) {
    case "expired":
      return <Expired invitation={invitation} />;
    case "canceled":
      return <Canceled invitation={invitation} />;
    case "accepted":
    case "rejected":
      return <AlreadyUsed invitation={invitation} />;
    default:
      return (
        <Pending
          invitation={invitation}
          proof={proof}
          verifyError={verifyError}
          onDeclined={() => setDeclined(true)}
        />
      );
  }
}
