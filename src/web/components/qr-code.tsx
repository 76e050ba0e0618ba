import { useMemo } from "react";
import { encode } from "uqr";

interface QrCodeProps {
  /** What the code holds, e.g. an `otpauth://` URI. */
  value: string;
  /** The accessible name: what the picture is for. */
  label: string;
  size?: number;
}

/**
 * A QR code drawn here as SVG (uqr): the secret never leaves the page for an image service. Dark modules on
 * white in both colour schemes, with a quiet zone, as scanners expect.
 */
export function QrCode({ value, label, size = 208 }: QrCodeProps) {
  const { path, width } = useMemo(() => {
    const { data, size: modules } = encode(value, { ecc: "M", border: 2 });
    let d = "";
    data.forEach((row, y) => {
      row.forEach((dark, x) => {
        if (dark) d += `M${x} ${y}h1v1h-1z`;
      });
    });
    return { path: d, width: modules };
  }, [value]);
  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${width} ${width}`}
      shapeRendering="crispEdges"
      style={{ display: "block", background: "#fff", borderRadius: 8 }}
    >
      <path d={path} fill="#000" />
    </svg>
  );
}
