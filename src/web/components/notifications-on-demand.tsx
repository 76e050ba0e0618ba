import { type NotificationsProps, useNotifications } from "@mantine/notifications";
import { lazy, Suspense, useState } from "react";

// The notification list's code, transitions included, loads with the first notification: the sign-in
// page shows none until something happens.
const Notifications = lazy(() =>
  import("./notifications-list.ts").then((m) => ({ default: m.Notifications })),
);

/** Mantine's notifications, mounted once the first one is shown; it then shows the ones already queued. */
export function NotificationsOnDemand(props: NotificationsProps) {
  const { notifications } = useNotifications();
  const [wanted, setWanted] = useState(false);
  if (!wanted && notifications.length > 0) setWanted(true);
  return wanted ? (
    <Suspense fallback={null}>
      <Notifications {...props} />
    </Suspense>
  ) : null;
}
