/**
 * Child process: the real Ultimate Bikes server, configured only from the environment the
 * benchmark passes in (DATA_DIR, DATABASE_URL, SEED, ...).
 */
import { buildApp } from "../../apps/server/src/app.ts";
import { loadConfig } from "../../apps/server/src/config.ts";
import { serveUntilParentGoes } from "./child-lifecycle.ts";

await serveUntilParentGoes(await buildApp(loadConfig(process.env)));
