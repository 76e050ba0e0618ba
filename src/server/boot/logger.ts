import { pino } from "pino";

export type Logger = pino.Logger;

/** Structured JSON logs; anything that could carry a secret is redacted. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    redact: {
      paths: [
        "password",
        "*.password",
        "newPassword",
        "currentPassword",
        "token",
        "*.token",
        "req.headers.cookie",
        "req.headers.authorization",
        "res.headers['set-cookie']",
      ],
      censor: "[redacted]",
    },
  });
}
