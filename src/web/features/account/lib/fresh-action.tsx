import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from "react";
import { isFreshnessError } from "#web/lib/api/api-error.ts";
import { ReauthDialog } from "../components/reauth-dialog.tsx";

/** Thrown by `run` when the person closes the re-authentication dialog instead of confirming. */
export class ReauthCancelledError extends Error {
  constructor() {
    super("Re-authentication was cancelled.");
    this.name = "ReauthCancelledError";
  }
}

/** True when the person closed the re-authentication dialog: nothing failed, nothing to report. */
export function isReauthCancelled(error: unknown): boolean {
  return error instanceof ReauthCancelledError;
}

export interface FreshAction {
  /**
   * Runs `action`; when the server answers SESSION_NOT_FRESH or SESSION_EXPIRED
   * (SPEC §8), asks for the password and runs it once more.
   */
  run<T>(action: () => Promise<T>): Promise<T>;
  /** Opens the re-authentication dialog; true once the session is fresh again. */
  confirm(): Promise<boolean>;
}

const FreshActionContext = createContext<FreshAction | null>(null);

/** Holds the one re-authentication dialog that every account action shares. */
export function FreshActionProvider({ children }: { children: ReactNode }) {
  const [opened, setOpened] = useState(false);
  // Each opening mounts a new dialog, which the page puts after every dialog already there: it
  // shows above the one whose action asked for it (e.g. deleting the account), not behind it.
  const [opening, setOpening] = useState(0);
  // Several actions refused at once wait for the same dialog.
  const waiting = useRef<{ promise: Promise<boolean>; resolve: (ok: boolean) => void } | null>(null);

  const confirm = useCallback((): Promise<boolean> => {
    if (waiting.current) return waiting.current.promise;
    let resolve: (ok: boolean) => void = () => {};
    const promise = new Promise<boolean>((done) => {
      resolve = done;
    });
    waiting.current = { promise, resolve };
    setOpening((count) => count + 1);
    setOpened(true);
    return promise;
  }, []);

  const finish = useCallback((ok: boolean) => {
    const current = waiting.current;
    waiting.current = null;
    setOpened(false);
    current?.resolve(ok);
  }, []);

  const run = useCallback(
    async <T,>(action: () => Promise<T>): Promise<T> => {
      try {
        return await action();
      } catch (error) {
        if (!isFreshnessError(error)) throw error;
        if (!(await confirm())) throw new ReauthCancelledError();
        return action();
      }
    },
    [confirm],
  );

  const value = useMemo<FreshAction>(() => ({ run, confirm }), [run, confirm]);

  return (
    <FreshActionContext.Provider value={value}>
      {children}
      <ReauthDialog key={opening} opened={opened} onDone={finish} />
    </FreshActionContext.Provider>
  );
}

export function useFreshAction(): FreshAction {
  const context = useContext(FreshActionContext);
  if (!context) throw new Error("useFreshAction needs a FreshActionProvider above it");
  return context;
}
