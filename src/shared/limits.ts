/** Field limits shared by the API checks and the web forms. */
export const LIMITS = {
  passwordMin: 8,
  passwordMax: 128,
  name: 100,
  email: 254,
  organizationName: 100,
  slugPattern: /^[a-z0-9-]{2,48}$/,
  bodyBytes: 1024 * 1024,
  /** An avatar or logo uploaded as a data URL (a 256 px WebP fits easily). */
  pictureDataUrl: 64 * 1024,
} as const;
