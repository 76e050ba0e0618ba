/**
 * Tells the webhook worker of this process that an outbox row was written (events/record.ts), so it fans
 * the event out at once instead of at its next poll. The row may still be inside its transaction: the
 * worker looks again shortly after (features/webhooks/worker.ts). Infrastructure cannot import the worker
 * (a feature), so the worker subscribes here.
 */
const listeners = new Set<() => void>();

export function onOutboxWrite(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function outboxWritten(): void {
  for (const listener of listeners) listener();
}
