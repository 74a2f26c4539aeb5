/**
 * Child process: the real Ultimate Bikes server, configured only from the environment the
 * benchmark passes in (DATA_DIR, DATABASE_URL, SEED, PORT, ...).
 */
import { buildApp } from "../../apps/server/src/app.ts";
import { loadConfig } from "../../apps/server/src/config.ts";
import { serveUntilParentGoes } from "./child-lifecycle.ts";

// On a free port of its own choosing, unless told one (a PUBLIC_URL that names the port needs it).
await serveUntilParentGoes(await buildApp(loadConfig(process.env)), Number(process.env.PORT ?? 0));
