/**
 * better-auth's sign-up hashes the password (scrypt, ~100 ms) inside its write transaction; on SQLite's
 * single writer connection every other query then waits for it. Gatehouse hashes first, in a before-hook,
 * outside any transaction; the hash function better-auth calls inside the transaction then finds the
 * result ready. Keyed by the password itself: two sign-ups racing with the same password may swap
 * hashes, which is harmless (each is a valid salted hash of that password).
 */
export interface Prehash {
  /** Computes the hash of a sign-up's password before the transaction opens, and keeps it for that request. */
  prehash(password: string): Promise<string | undefined>;
  /** Drops a prehashed value the request never used (e.g. the sign-up was refused before hashing). */
  forget(password: string): void;
  /** The hash function given to better-auth: the prehashed value when there is one. */
  hash(password: string): Promise<string>;
}

export function createPrehash(hashPassword: (password: string) => Promise<string>): Prehash {
  const ready = new Map<string, Promise<string>>();
  return {
    async prehash(password) {
      const hashing = hashPassword(password);
      ready.set(password, hashing);
      try {
        return await hashing;
      } catch {
        ready.delete(password);
        return undefined;
      }
    },
    forget(password) {
      ready.delete(password);
    },
    hash(password) {
      const hashing = ready.get(password);
      if (hashing) {
        ready.delete(password);
        return hashing;
      }
      return hashPassword(password);
    },
  };
}
