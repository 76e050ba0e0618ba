import { LIMITS } from "#shared/limits.ts";
import { t } from "#web/i18n/i18n.ts";

/** The longest uploaded logo the server stores, as a data URL (src/shared/limits.ts). */
export const LOGO_MAX_LENGTH = LIMITS.pictureDataUrl;
/** Largest file accepted for upload, before it is downscaled in the browser. */
export const LOGO_MAX_FILE_BYTES = 1024 * 1024;
export const LOGO_ACCEPT = "image/png,image/jpeg,image/webp";
const ACCEPTED_TYPES = LOGO_ACCEPT.split(",");

/** Edge lengths tried from the largest down until the encoded image fits the cap. */
const EDGES = [256, 192, 128, 96, 80, 64, 48];
const QUALITIES = [0.9, 0.75, 0.6, 0.45];

export class LogoError extends Error {}

// Read as a data: URL because the CSP's img-src allows data: but not blob:.
function loadImage(file: File): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const unreadable = () => reject(new LogoError(t("organizations.logo.unreadable")));
    const reader = new FileReader();
    reader.onerror = unreadable;
    reader.onload = () => {
      const image = new Image();
      image.onload = () => resolve(image);
      image.onerror = unreadable;
      image.src = String(reader.result);
    };
    reader.readAsDataURL(file);
  });
}

/**
 * Turns an uploaded image into a data URL the server accepts: square-cropped,
 * downscaled to at most 256 px, and re-encoded smaller until it fits the
 * server's length cap.
 */
export async function logoFromFile(file: File): Promise<string> {
  if (!ACCEPTED_TYPES.includes(file.type)) throw new LogoError(t("organizations.logo.wrongType"));
  if (file.size > LOGO_MAX_FILE_BYTES) throw new LogoError(t("organizations.logo.tooBig"));
  const image = await loadImage(file);
  const side = Math.min(image.naturalWidth, image.naturalHeight);
  if (!side) throw new LogoError(t("organizations.logo.empty"));
  const sx = (image.naturalWidth - side) / 2;
  const sy = (image.naturalHeight - side) / 2;
  const canvas = document.createElement("canvas");
  const context = canvas.getContext("2d");
  if (!context) throw new LogoError(t("organizations.logo.noCanvas"));
  for (const edge of EDGES.filter((value) => value <= Math.max(side, EDGES.at(-1) ?? 48))) {
    canvas.width = edge;
    canvas.height = edge;
    context.clearRect(0, 0, edge, edge);
    context.imageSmoothingQuality = "high";
    context.drawImage(image, sx, sy, side, side, 0, 0, edge, edge);
    for (const quality of QUALITIES) {
      const url = canvas.toDataURL("image/webp", quality);
      if (url.length <= LOGO_MAX_LENGTH) return url;
    }
    const png = canvas.toDataURL("image/png");
    if (png.length <= LOGO_MAX_LENGTH) return png;
  }
  throw new LogoError(t("organizations.logo.tooDetailed"));
}

/** The field error for a logo URL, or null when it can be used. */
export function validateLogoUrl(value: string): string | null {
  if (!value) return null;
  if (value.length > LOGO_MAX_LENGTH) return t("organizations.logo.urlTooLong", { max: LOGO_MAX_LENGTH });
  if (value.startsWith("data:image/")) return null;
  try {
    const url = new URL(value);
    // The app's CSP shows images from https: and data: only.
    return url.protocol === "https:" ? null : t("organizations.logo.notHttps");
  } catch {
    return t("organizations.logo.notAUrl");
  }
}
