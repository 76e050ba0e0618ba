import { coalescedLookup } from "#server/db/coalesced-lookup.ts";
import type { AppDatabase } from "#server/db/db.ts";
import { keptWhileStamped, readUntilWrite } from "#server/db/read-cache.ts";
import {
  organizationListStamps,
  organizationsOfUser,
  stampedOrganizationLists,
} from "#server/features/organizations/lists.ts";

/** The reads behind organization/list's hot answer (a test counts them by wrapping these). */
export const LIST_READS = { organizationsOfUser, organizationListStamps, stampedOrganizationLists };

const encoded = (list: unknown) => Buffer.from(JSON.stringify(list));
const bytes = (json: Buffer) => json.length;

/**
 * organization/list's hot answer for a user, its JSON encoded once (a 200-organization list is ~60 KB, which was
 * measured and encoded again for every answer when sent as a string), and kept while its rows are unchanged:
 * - SQLite: until the next commit (readUntilWrite);
 * - PostgreSQL: while the list's stamp reads the same (keptWhileStamped), checked by one small query for the
 *   lists of concurrent requests (coalesced-lookup.ts), sent after they arrived: never older than the request.
 *   Only a list whose rows changed is read and encoded again.
 */
export function organizationListAnswers(
  database: AppDatabase,
  reads: typeof LIST_READS = LIST_READS,
): (userId: string) => Buffer | Promise<Buffer> {
  const { db } = database;
  if (database.dataVersion)
    return readUntilWrite(
      database,
      async (userId) => encoded(await reads.organizationsOfUser(db, userId)),
      bytes,
    );
  const lists = keptWhileStamped(
    {
      stamps: (userIds) => reads.organizationListStamps(db, userIds),
      async values(userIds) {
        const read = await reads.stampedOrganizationLists(db, userIds);
        return new Map(
          [...read].map(([id, { stamp, list }]) => [id, { stamp, value: encoded(list) }] as const),
        );
      },
    },
    bytes,
  );
  const lookup = coalescedLookup(lists, { maxInFlight: 2, maxKeys: 100, timeoutMs: 5000 });
  const none = encoded([]);
  return (userId) => lookup(userId, (json) => json ?? none);
}
