import { LIMITS } from "#shared/limits.ts";
import { t } from "#web/i18n/i18n.ts";

/**
 * The server's cap on an uploaded picture as a data URL (src/shared/limits.ts).
 * A 256 px WebP fits easily; larger encodings step down until one fits.
 */
export const AVATAR_MAX_LENGTH = LIMITS.pictureDataUrl;

/** Largest upload accepted before any processing. */
export const AVATAR_MAX_BYTES = 1024 * 1024;

export const AVATAR_TYPES = ["image/png", "image/jpeg", "image/webp"] as const;

/** Tried from best to smallest until the data URL fits AVATAR_MAX_LENGTH. */
const SIDES = [256, 192, 160, 128, 112, 96, 80, 64, 56, 48];
const QUALITIES = [0.86, 0.72, 0.58, 0.45];

export class AvatarError extends Error {}

export interface PreparedAvatar {
  dataUrl: string;
  /** Width and height of the stored square, in pixels. */
  side: number;
}

/** Checks type and size of a chosen file; returns the reason it is refused, or null. */
export function avatarFileProblem(file: File): string | null {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return t("account.avatar.wrongType");
  if (file.size > AVATAR_MAX_BYTES) return t("account.avatar.tooLarge");
  if (file.size === 0) return t("account.avatar.empty");
  return null;
}

/**
 * The square sides to try for a picture of this size, largest first: never larger than the
 * picture itself (no upscaling), and the picture's own size when it is smaller than every step.
 */
export function candidateSides(width: number, height: number): number[] {
  const largest = Math.min(256, width, height);
  const sides = SIDES.filter((side) => side <= largest);
  return sides.length > 0 ? sides : [largest];
}

function encode(source: ImageBitmap, side: number, quality: number): string {
  const canvas = document.createElement("canvas");
  canvas.width = side;
  canvas.height = side;
  const context = canvas.getContext("2d");
  if (!context) throw new AvatarError(t("account.avatar.cannotProcess"));
  // Centre square crop, so faces stay in the middle of a round avatar.
  const crop = Math.min(source.width, source.height);
  const sx = (source.width - crop) / 2;
  const sy = (source.height - crop) / 2;
  context.imageSmoothingQuality = "high";
  context.drawImage(source, sx, sy, crop, crop, 0, 0, side, side);
  const webp = canvas.toDataURL("image/webp", quality);
  // Browsers that cannot write WebP answer PNG; JPEG is smaller then.
  return webp.startsWith("data:image/webp") ? webp : canvas.toDataURL("image/jpeg", quality);
}

/**
 * Crops the picture to a square, downscales it to at most 256 px and encodes
 * it as the largest WebP data URL the server accepts.
 */
export async function prepareAvatar(file: File, maxLength = AVATAR_MAX_LENGTH): Promise<PreparedAvatar> {
  const problem = avatarFileProblem(file);
  if (problem) throw new AvatarError(problem);
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    throw new AvatarError(t("account.avatar.unreadable"));
  }
  try {
    for (const side of candidateSides(bitmap.width, bitmap.height)) {
      for (const quality of QUALITIES) {
        const dataUrl = encode(bitmap, side, quality);
        if (dataUrl.length <= maxLength) return { dataUrl, side };
      }
    }
  } finally {
    bitmap.close();
  }
  throw new AvatarError(t("account.avatar.tooDetailed"));
}

/** Checks a typed image address; returns the reason it is refused, or null. */
export function avatarUrlProblem(value: string): string | null {
  const url = value.trim();
  if (!url) return t("account.avatar.urlMissing");
  if (url.length > AVATAR_MAX_LENGTH) return t("account.avatar.urlTooLong", { max: AVATAR_MAX_LENGTH });
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return t("account.avatar.urlNotFull");
  }
  // The page's Content-Security-Policy loads images over https only.
  if (parsed.protocol !== "https:") return t("account.avatar.urlNotHttps");
  return null;
}
