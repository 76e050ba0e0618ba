import { z } from "zod";

/** GET /api/health: the process answers (liveness). */
export const healthAnswer = z.object({ status: z.literal("ok") });
export type HealthAnswer = z.infer<typeof healthAnswer>;

/** GET /api/ready: 200 when the database and Redis answer, else 503 naming what did not. */
export const readyAnswer = z.discriminatedUnion("status", [
  z.object({ status: z.literal("ready") }),
  z.object({ status: z.literal("unavailable"), reason: z.string() }),
]);
export type ReadyAnswer = z.infer<typeof readyAnswer>;
