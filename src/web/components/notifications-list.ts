// Its own module so that the list's code lands in a chunk of its own (notifications-on-demand.tsx).
export { Notifications } from "@mantine/notifications";
