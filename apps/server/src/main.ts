import { buildApp } from "./app.ts";
import { ConfigError, loadConfig } from "./config.ts";

async function main() {
  const config = loadConfig();
  const app = await buildApp(config);

  let closing = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    // Stop taking requests, let those in flight finish, close the database.
    await app.close();
    process.exit(0);
  };
  process.on("SIGTERM", shutdown);
  process.on("SIGINT", shutdown);

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
