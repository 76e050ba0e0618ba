import { createHash } from "node:crypto";
import { PICTURE_DATA_URL } from "#shared/fields.ts";

/**
 * A person's picture as other apps see it (the `picture` claim of ID tokens, userinfo and /api/auth/token).
 * Gatehouse stores an uploaded picture as a data URL (up to 64 KiB, #shared/fields.ts): put in a token, it
 * would make the token as large. It is published instead as an absolute URL where Gatehouse serves it
 * (features/accounts/pictures.ts), named by the user and a version drawn from the picture, so a changed picture
 * gets a new URL and each URL can be cached for good. An http(s) picture is published as it is.
 */

/** Where the pictures are served, under the public URL (BETTER_AUTH_URL). */
export const PICTURES_PATH = "/api/pictures/users";

/** The version of an uploaded picture: 16 base64url characters of its SHA-256 (96 bits). */
export function pictureVersion(dataUrl: string): string {
  return createHash("sha256").update(dataUrl).digest("base64url").slice(0, 16);
}

/** The `picture` claim for a user's stored image: an http(s) URL, or nothing. */
export function publishedPicture(
  baseURL: string,
  userId: string,
  image: string | null | undefined,
): string | undefined {
  if (!image) return undefined;
  if (image.startsWith("data:")) {
    // Only a picture the route will serve (decodePicture): never a URL that answers 404.
    if (!decodePicture(image)) return undefined;
    return `${baseURL}${PICTURES_PATH}/${encodeURIComponent(userId)}/${pictureVersion(image)}`;
  }
  return /^https?:\/\//i.test(image) && URL.canParse(image) ? image : undefined;
}

/** The first bytes each allowed type starts with (PNG signature, JPEG SOI marker, RIFF…WEBP). */
const SIGNATURES: Record<string, (bytes: Buffer) => boolean> = {
  "image/png": (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  "image/jpeg": (b) => b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  "image/webp": (b) => b.toString("latin1", 0, 4) === "RIFF" && b.toString("latin1", 8, 12) === "WEBP",
};

/**
 * An uploaded picture's bytes and type, when the stored data URL is one of the allowed types (PNG, JPEG, WebP)
 * and its bytes are that type indeed; otherwise undefined, and nothing is served.
 */
export function decodePicture(image: string | null | undefined): { type: string; bytes: Buffer } | undefined {
  if (!image || !PICTURE_DATA_URL.test(image)) return undefined;
  const comma = image.indexOf(",");
  const type = image.slice("data:".length, image.indexOf(";"));
  const bytes = Buffer.from(image.slice(comma + 1), "base64");
  return SIGNATURES[type]?.(bytes) ? { type, bytes } : undefined;
}
