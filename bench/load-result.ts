/** One load turn's figures, as load.mjs (autocannon) and run.ts's wrk reader report them. */
export interface Load {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** Refresh chains that ended on a failed answer (the refresh case). */
  lostChains?: number;
  /**
   * The server's CPU time (all its threads, /proc) per successful request, in µs: what a request costs it
   * whatever share of the machine it got — steadier than req/s when other work shares the cores.
   */
  cpuUs?: number;
}
