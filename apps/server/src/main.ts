import { buildApp } from "./app.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { closeOnSignals } from "./shutdown.ts";

async function main() {
  const config = loadConfig();
  const app = await buildApp(config);
  // SIGTERM (a service manager's stop, a rolling restart) drains the server before it exits.
  closeOnSignals(app);

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Ultimate Bikes is ready at ${config.publicUrl}`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error("Ultimate Bikes could not start:", error);
  }
  process.exit(1);
});
