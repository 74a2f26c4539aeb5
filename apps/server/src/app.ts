import { API_BASE_PATH } from "@ultimate-bikes/contract/paths";
import compress from "@fastify/compress";
import Fastify, { type FastifyInstance } from "fastify";
import v8 from "node:v8";
import { validatorCompiler } from "fastify-type-provider-zod";
import { createAccessTokens } from "./auth/access-token.ts";
import { createAuth } from "./auth/auth.ts";
import { authRoutes } from "./auth/auth-routes.ts";
import { createAuthentication } from "./auth/authentication.ts";
import { addRateLimitPlugin } from "./bikes/add-rate-limit.ts";
import { bikesRoutes } from "./bikes/bikes-routes.ts";
import { startDeletedBikePurge } from "./bikes/deleted-bike-purge.ts";
import { createDeletedBikesRepository } from "./bikes/deleted-bikes-repository.ts";
import { deletedBikesRoutes } from "./bikes/deleted-bikes-routes.ts";
import { itemsRoutes } from "./bikes/items-routes.ts";
import { createStockRepository } from "./bikes/stock-repository.ts";
import { createStockRules } from "./bikes/stock-rules.ts";
import { createStockNumbers } from "./bikes/stock-number-repository.ts";
import { stockNumberRoutes } from "./bikes/stock-number-routes.ts";
import { stockRoutes } from "./bikes/stock-routes.ts";
import { createStockSearch } from "./bikes/stock-search.ts";
import { createBackupMaker } from "./backups/backup-schedule.ts";
import { backupsRoutes } from "./backups/backups-routes.ts";
import type { AppConfig } from "./config.ts";
import { openDatabase } from "./db/database.ts";
import { migrateToLatest } from "./db/migrate.ts";
import { oneServerAtATime } from "./db/startup-lock.ts";
import { seedEmptyDatabase } from "./db/seed.ts";
import { createSeedRepository } from "./db/seed-repository.ts";
import { createInProcessStockChanges, createPostgresStockChanges } from "./db/stock-changes.ts";
import { createStockVersion } from "./db/stock-version.ts";
import { healthRoutes } from "./health/health-routes.ts";
import { createReadiness } from "./health/readiness.ts";
import { createMailer } from "./mail/mailer.ts";
import { createPeopleRepository } from "./people/people-repository.ts";
import { createPeopleRules } from "./people/people-rules.ts";
import { peopleRoutes } from "./people/people-routes.ts";
import { corsPlugin } from "./plugins/cors.ts";
import { errorsPlugin, sendError } from "./plugins/errors.ts";
import { closeGracefully } from "./plugins/graceful-close.ts";
import { SHUTDOWN_GRACE_MS } from "./shutdown.ts";
import { jsonSchemaSerializerCompiler } from "./plugins/json-schema-serializer.ts";
import { ledgerPositionPlugin } from "./plugins/ledger-position.ts";
import { openApiPlugin } from "./plugins/openapi.ts";
import { readCachePlugin } from "./plugins/read-cache.ts";
import { createRequestIds, REQUEST_ID_HEADER, requestIdPlugin } from "./plugins/request-ids.ts";
import { createStoredAnswerDoor, serverWithDoor } from "./plugins/stored-answer-door.ts";
import { securityHeadersPlugin } from "./plugins/security-headers.ts";
import { webAppPlugin } from "./plugins/web-app.ts";
import { createAlertsRepository } from "./alerts/alerts-repository.ts";
import { alertsRoutes } from "./alerts/alerts-routes.ts";
import { startLowStockAlerts } from "./alerts/low-stock-alert-worker.ts";
import { createDashboardRepository } from "./dashboard/dashboard-repository.ts";
import { dashboardRoutes } from "./dashboard/dashboard-routes.ts";
import { createLedgerRepository } from "./ledger/ledger-repository.ts";
import { createPlacesRepository } from "./places/places-repository.ts";
import { placesRoutes } from "./places/places-routes.ts";
import { createTransferRules } from "./transfers/transfer-rules.ts";
import { createTransfersRepository } from "./transfers/transfers-repository.ts";
import { transfersRoutes } from "./transfers/transfers-routes.ts";
import { createUnitsRepository } from "./units/units-repository.ts";
import { unitCsvRoutes } from "./units/unit-csv-routes.ts";
import { startHoldExpiry } from "./holds/hold-expiry-worker.ts";
import { createHoldsRepository } from "./holds/holds-repository.ts";
import { holdsRoutes } from "./holds/holds-routes.ts";
import { unitsRoutes } from "./units/units-routes.ts";
import { ledgerRoutes } from "./ledger/ledger-routes.ts";
import { createAppMetrics } from "./metrics/app-metrics.ts";
import { metricsPlugin } from "./metrics/metrics-server.ts";
import { createPhotoRepository } from "./photos/photos-repository.ts";
import { photoUploadRoutes, uploadedPhotoRoutes } from "./photos/photos-routes.ts";
import { stockCsvRoutes } from "./stock-csv/stock-csv-routes.ts";
import { createStockImports } from "./stock-csv/stock-imports.ts";
import { createStockChangeFeed } from "./stock-events/stock-change-feed.ts";
import { createStockEventHub } from "./stock-events/stock-event-hub.ts";
import { stockEventsRoutes } from "./stock-events/stock-events-routes.ts";

// V8 moves the allocation sites of objects that outlive a young-generation collection straight
// to the old generation ("pretenuring"). Once the bursts of start-up (migrations, seeding, the
// first requests) had it decide so for Node's HTTP request and response objects, every request's
// objects went to the old generation, and full collections took a sixth of a busy server's time
// (docs/performance.md). A request's objects die young: the server is better off without it.
v8.setFlagsFromString("--no-allocation-site-pretenuring");

/** TRUST_PROXY as Fastify takes it: a hop count becomes "trust the nearest n proxies". */
function trustedProxies(setting: AppConfig["trustProxy"]) {
  if (typeof setting === "number") return (_address: string, hop: number) => hop < setting;
  return setting;
}

/**
 * The whole server, shared by main.ts and the tests: opens and migrates the database,
 * seeds it when asked, and registers the API under /api and the web app beside it.
 */
export async function buildApp(config: AppConfig): Promise<FastifyInstance> {
  // Only kept when METRICS_PORT is set (docs/decisions/032).
  const metrics = config.metricsPort === undefined ? undefined : createAppMetrics();
  // Cached reads answered before Fastify's pipeline (docs/decisions/018); it opens once the
  // read cache is registered.
  const requestIdOf = createRequestIds(config.trustProxy);
  const storedAnswerDoor = createStoredAnswerDoor({
    requestIdOf,
    answered:
      metrics && ((route, status, seconds) => metrics.answered("GET", route, status, seconds)),
  });
  const app = Fastify({
    // The HTTP server holds a slow client for a bounded time only (config.ts, ServerTimeouts).
    serverFactory: serverWithDoor(storedAnswerDoor, config.timeouts),
    // While it shuts down, a request on a connection still open is answered (and the connection
    // closed after it) rather than refused: the database is there until the last one is done.
    return503OnClosing: false,
    // Fastify bounds its close hooks as it does its plugins' start (10 s by default); the drain
    // may take as long as a shutdown may (shutdown.ts).
    pluginTimeout: SHUTDOWN_GRACE_MS,
    genReqId: requestIdOf,
    logger: { level: config.logLevel },
    bodyLimit: 64 * 1024,
    trustProxy: trustedProxies(config.trustProxy),
    // Errors Fastify raises before routing (over-long path parameters, bad URLs) keep our shape too.
    frameworkErrors: (error, request, reply) =>
      sendError(
        reply.header(REQUEST_ID_HEADER, request.id),
        error.statusCode ?? 400,
        error.message.slice(0, 120),
      ),
  });
  app.setValidatorCompiler(validatorCompiler);
  // zod checks what comes in; answers go out through JSON Schema (docs/decisions/010).
  app.setSerializerCompiler(jsonSchemaSerializerCompiler);

  if (metrics) {
    await app.register(metricsPlugin, { metrics, port: config.metricsPort!, host: config.host });
  }
  const database = openDatabase(config.database, app.log, metrics?.query);
  app.addHook("onClose", async () => database.db.destroy());
  const changes =
    config.database.kind === "postgres"
      ? createPostgresStockChanges(config.database.connectionString, app.log)
      : createInProcessStockChanges();
  app.addHook("onClose", () => changes.close());
  const writes = { committed: changes.committed, publicUrl: config.publicUrl };
  const bikes = createStockRepository(database.db, writes);
  const deletedBikes = createDeletedBikesRepository(database.db, writes);
  const ledger = createLedgerRepository(database.db, { publicUrl: config.publicUrl });
  const places = createPlacesRepository(database.db);
  // Several servers starting together on one database: one migrates (and seeds) at a time.
  await oneServerAtATime(config.database, app.log, async () => {
    await migrateToLatest(database);
    if (!config.seed) return;
    const seeds = createSeedRepository(database.db, { committed: changes.committed });
    const seeded = await seedEmptyDatabase(seeds);
    if (seeded) app.log.info({ seeded }, "seeded the demo stock");
  });

  // Live stock (docs/decisions/011): the feed tails the ledger on every change signal, the hub
  // streams it. Streams end before the server closes, or closing would wait for them.
  const feed = createStockChangeFeed(ledger, changes, app.log, database.releaseMemory);
  await feed.start();
  const hub = createStockEventHub(
    feed,
    ledger,
    app.log,
    { maxPerClient: config.eventStreamsPerClient },
    metrics?.eventsSent,
  );
  // The first preClose hook: on shutdown, stop taking connections and drain the open ones
  // (docs/decisions/028); the background work below stops after.
  const readiness = createReadiness();
  closeGracefully(app, {
    readiness,
    door: storedAnswerDoor,
    endStreams: () => hub.close(),
    closingIdleMs: config.timeouts.closingIdleMs,
  });
  app.addHook("onReady", async () => readiness.started());
  app.addHook("preClose", async () => feed.close());
  const purge = await startDeletedBikePurge({
    deletedBikes,
    retentionDays: config.deletedRetentionDays,
    log: app.log,
  });
  app.addHook("preClose", () => purge.stop());

  await app.register(requestIdPlugin);
  await app.register(errorsPlugin);
  await app.register(securityHeadersPlugin, { publicUrl: config.publicUrl });
  // Answers under 1 KB go as they are: compressing them saves next to nothing. Up to 128 KiB
  // (any page of the stock search) they are compressed at once, on the event loop, in well under
  // a millisecond: the plugin's default on 2 cores, 8 KiB, sent a page of 24 bikes (12 kB) through
  // the thread pool, a few hops later, and as a stream the stored-answer door cannot keep.
  await app.register(compress, { global: true, threshold: 1024, syncThreshold: 128 * 1024 });
  // Before the routes (they opt in with `config: { readCache: { tables } }`), after compression
  // (what it hands the door is the compressed answer).
  // PostgreSQL: the reads of one event-loop turn share one version query; writes wait for no
  // other server (docs/decisions/025).
  const stockVersion = createStockVersion(database);
  app.addHook("onClose", async () => stockVersion.close());
  await app.register(readCachePlugin, {
    stockVersion,
    changes,
    door: storedAnswerDoor,
  });
  // Stock reads say where in the ledger their data stands, so pages resume the stream there.
  await app.register(ledgerPositionPlugin, { latestMovementId: ledger.latestMovementId });
  await app.register(openApiPlugin);

  app.decorateRequest("user", null);
  app.decorateRequest("tokenEmail", null);
  const mailer = createMailer(config.mail, app.log);
  const auth = createAuth(config, database, mailer);
  const tokens = createAccessTokens(config.authSecret);
  const authentication = createAuthentication({
    auth,
    tokens,
    db: database.db,
    publicUrl: config.publicUrl,
    corsOrigins: config.corsOrigins,
    access: config.access,
  });
  const people = createPeopleRules({
    repository: createPeopleRepository(database.db),
    mailer,
    access: config.access,
    publicUrl: config.publicUrl,
  });
  const units = createUnitsRepository(database.db, writes);
  const stock = createStockRules(
    { bikes, deletedBikes, ledger, units },
    createStockSearch(database, config.publicUrl),
  );
  const photos = createPhotoRepository(database.db);
  const alerts = createAlertsRepository(database);
  metrics?.watch({
    openStreams: () => hub.size,
    unsentAlerts: () => alerts.unsentCount(),
    database,
  });
  // Low-stock alerts (docs/decisions/020): sent from the outbox the database fills.
  const alertSender = startLowStockAlerts({
    alerts,
    mailer,
    changes,
    access: config.access,
    publicUrl: config.publicUrl,
    timing: config.alertTiming,
    log: app.log,
  });
  app.addHook("preClose", () => alertSender.stop());
  // Holds end by themselves at expiry, and their makers are told once (issue 24).
  const holds = createHoldsRepository(database.db, {
    kind: config.database.kind,
    committed: changes.committed,
    clock: config.holdExpiry.clock,
  });
  const holdExpiry = startHoldExpiry({
    holds,
    mailer,
    publicUrl: config.publicUrl,
    pollMs: config.holdExpiry.pollMs,
    log: app.log,
  });
  app.addHook("preClose", () => holdExpiry.stop());
  // Backups (docs/decisions/031): on request, and on a timer with BACKUP_EVERY.
  const backups = createBackupMaker(config, app.log);
  app.addHook("preClose", () => backups.stop());
  await app.register(addRateLimitPlugin, {
    db: database.db,
    perMinute: config.bikeAddsPerMinute,
  });
  await app.register(
    async (api) => {
      await api.register(corsPlugin, { trustedOrigins: config.corsOrigins });
      await api.register(healthRoutes, { database, readiness });
      await api.register(authRoutes, { auth, authentication, tokens, config, places });
      await api.register(bikesRoutes, { stock, authentication, publicUrl: config.publicUrl });
      await api.register(itemsRoutes, { stock, authentication, publicUrl: config.publicUrl });
      await api.register(deletedBikesRoutes, {
        stock,
        authentication,
        retentionDays: config.deletedRetentionDays,
      });
      await api.register(stockRoutes, { stock, authentication });
      await api.register(stockNumberRoutes, {
        stockNumbers: createStockNumbers(database.db, writes),
        authentication,
      });
      await api.register(stockEventsRoutes, { hub });
      await api.register(stockCsvRoutes, {
        db: database.db,
        search: createStockSearch(database, config.publicUrl),
        imports: createStockImports({
          database: config.database,
          turns: database.turns,
          committed: changes.committed,
        }),
        authentication,
      });
      await api.register(photoUploadRoutes, { photos, authentication });
      await api.register(alertsRoutes, { alerts, authentication });
      await api.register(dashboardRoutes, {
        dashboard: createDashboardRepository(database),
        authentication,
      });
      await api.register(ledgerRoutes, { ledger, authentication });
      await api.register(peopleRoutes, { people, authentication });
      await api.register(placesRoutes, { places, authentication });
      await api.register(backupsRoutes, { config, maker: backups, authentication });
      await api.register(transfersRoutes, {
        transfers: createTransferRules(createTransfersRepository(database, writes)),
        authentication,
      });
      await api.register(unitCsvRoutes, {
        db: database.db,
        authentication,
        committed: changes.committed,
      });
      await api.register(unitsRoutes, { units, stock, authentication });
      await api.register(holdsRoutes, {
        holds,
        units,
        stock,
        authentication,
        clock: config.holdExpiry.clock,
      });
    },
    { prefix: API_BASE_PATH },
  );
  await app.register(uploadedPhotoRoutes, { photos });
  await app.register(webAppPlugin, { distDir: config.webDistDir });
  return app;
}
