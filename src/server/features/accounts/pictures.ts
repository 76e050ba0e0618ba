import { Hono } from "hono";
import { decodePicture, PICTURES_PATH, pictureVersion } from "#server/auth/published-picture.ts";
import type { Db } from "#server/db/tables.ts";

const NO_PICTURE = { code: "NOT_FOUND", message: "No such picture" } as const;
/** A version as pictureVersion() writes it. */
const VERSION = /^[A-Za-z0-9_-]{16}$/;

/** Where productApi() mounts the routes below (under /api). */
export const PICTURES_MOUNT = PICTURES_PATH.slice("/api".length);

/**
 * GET /api/pictures/users/:userId/:version — a person's uploaded picture, public, at the URL the `picture`
 * claim names (auth/published-picture.ts): apps show it in an <img>, which sends no credentials. The version
 * is drawn from the picture itself, so only someone given the URL finds it, an old URL answers 404 once the
 * picture changed, and an answer may be cached for a year. Only a PNG, JPEG or WebP whose bytes are that type
 * is served, with that type, and nothing the browser could run (nosniff, a sandboxing CSP).
 */
export function pictureRoutes(db: Db) {
  return new Hono().get("/:userId/:version", async (c) => {
    const { userId, version } = c.req.param();
    if (userId.length > 255 || !VERSION.test(version)) return c.json(NO_PICTURE, 404);
    const row = await db.selectFrom("user").select("image").where("id", "=", userId).executeTakeFirst();
    const image = row?.image;
    const picture = image?.startsWith("data:") && pictureVersion(image) === version && decodePicture(image);
    if (!picture) return c.json(NO_PICTURE, 404);
    return c.body(new Uint8Array(picture.bytes), 200, {
      "Content-Type": picture.type,
      "Content-Length": String(picture.bytes.length),
      "Cache-Control": "public, max-age=31536000, immutable",
      ETag: `"${version}"`,
      "Content-Security-Policy": "default-src 'none'; sandbox",
      // Other apps' pages show it, those with Cross-Origin-Embedder-Policy too.
      "Cross-Origin-Resource-Policy": "cross-origin",
    });
  });
}
