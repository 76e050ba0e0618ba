import { IconDeviceDesktop, IconDeviceMobile, IconDevices, IconDeviceTablet } from "@tabler/icons-react";

const DEVICE_ICONS = {
  desktop: IconDeviceDesktop,
  mobile: IconDeviceMobile,
  tablet: IconDeviceTablet,
  other: IconDevices,
} as const;

/** The icon of a session's or trusted device's kind of device (as parsed from its user agent). */
export function deviceIcon(type: string | undefined) {
  return DEVICE_ICONS[(type ?? "other") as keyof typeof DEVICE_ICONS] ?? IconDevices;
}
