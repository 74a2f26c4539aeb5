/**
 * Child process: the real Ultimate Bikes server, configured only from the environment the
 * benchmark passes in (DATA_DIR, DATABASE_URL, SEED, ...), on a free loopback port.
 */
import { buildApp } from "../../apps/server/src/app.ts";
import { loadConfig } from "../../apps/server/src/config.ts";
import { announceListening, closeWithParent, listeningPort } from "./child-lifecycle.ts";

const app = await buildApp(loadConfig(process.env));
closeWithParent(() => app.close());
await app.listen({ host: "127.0.0.1", port: 0 });
announceListening(listeningPort(app.server.address()));
