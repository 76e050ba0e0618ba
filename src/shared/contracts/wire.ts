/**
 * A value as JSON carries it: a Date becomes its ISO 8601 string (`toJSON()`), everything else stays.
 * The server checks its answers against the shared contracts with it: `Wire<typeof answer>` must fit the
 * contract's type (`Fits`), so a renamed, missing or wrongly nullable field fails the compile.
 */
export type Wire<T> = T extends Date
  ? string
  : T extends readonly (infer U)[]
    ? Wire<U>[]
    : T extends object
      ? { [K in keyof T]: Wire<T[K]> }
      : T;

/** `Fits<Wire<typeof answer>, Contract>` compiles only when the answer, as JSON, is a `Contract`. */
export type Fits<Served extends Contract, Contract> = Served;
