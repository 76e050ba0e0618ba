import { Alert, Text } from "@mantine/core";
import { IconBan } from "@tabler/icons-react";
import { t } from "#web/i18n/i18n.ts";
import { localInstants } from "#web/lib/format.ts";
import { useBanNotice } from "../api/use-ban-notice.ts";

/** On the sign-in page of a browser whose session a ban ended: the reason and the end, in the reader's time. */
export function BanNoticeAlert() {
  const notice = useBanNotice();
  if (!notice.data) return null;
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconBan size={18} aria-hidden />}
      title={t("auth.banNotice.title")}
      role="alert"
      data-testid="ban-notice"
    >
      <Text size="sm" style={{ overflowWrap: "anywhere" }}>
        {localInstants(notice.data.message)}
      </Text>
    </Alert>
  );
}
