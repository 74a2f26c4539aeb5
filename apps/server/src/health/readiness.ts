/**
 * Whether this instance should be sent traffic (`GET /api/health/ready`): not while it starts
 * (migrations, seeding, the live feed), nor once it has begun to shut down, so that a load
 * balancer moves to another instance before this one stops answering.
 */
export type ReadinessPhase = "starting" | "ready" | "stopping";

export function createReadiness() {
  let phase: ReadinessPhase = "starting";
  return {
    get phase(): ReadinessPhase {
      return phase;
    },
    /** Start-up is over: the database is migrated and every part of the app is registered. */
    started() {
      if (phase === "starting") phase = "ready";
    },
    /** Shutting down: never ready again. */
    stopping() {
      phase = "stopping";
    },
  };
}

export type Readiness = ReturnType<typeof createReadiness>;
