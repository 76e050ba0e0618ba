/** Field limits shared by the API checks and the web forms. */
export const LIMITS = {
  passwordMin: 8,
  passwordMax: 128,
  name: 100,
  email: 254,
  organizationName: 100,
  /** A passkey's name in the account's list ("MacBook", "YubiKey 5"). */
  passkeyName: 64,
  slugPattern: /^[a-z0-9-]{2,48}$/,
  bodyBytes: 1024 * 1024,
  /** An avatar or logo uploaded as a data URL (a 256 px WebP fits easily). */
  pictureDataUrl: 64 * 1024,
} as const;

/**
 * An organization's metadata: a JSON object at most this deep (objects and arrays within each other) and
 * this large once serialized. It is stored as text and returned with every organization list.
 */
export const ORGANIZATION_METADATA_LIMITS = { maxDepth: 5, maxBytes: 4 * 1024 } as const;
