import { createPostgresCluster, freePort } from "@ultimate-bikes/test-support/postgres-cluster";
import {
  appInstance,
  createAppDatabase,
  selfSignedCertificate,
  startNginx,
  stopIfRunning,
  type Instance,
  type Nginx,
} from "@ultimate-bikes/test-support/production-layout";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { withTempDir } from "../support/temp-dir.ts";
import { alternatingRounds, timedLoad, type Comparison } from "./load.ts";
import type { ReadLoadSettings } from "./fixed-baseline.ts";

/**
 * The production layout's throughput with one instance against two (issue 27: context, not a
 * goal): the same nginx site file, TLS and PostgreSQL, once with both upstream lines naming one
 * instance and once naming two, loaded through https in alternating rounds.
 */

/** What is read: the public stock list (answered from the read cache) and a search (not). */
export const INSTANCES_ENDPOINTS = ["/api/stock?limit=20", "/api/stock?q=honda&limit=20"];

export interface InstancesComparison extends Comparison {
  endpoint: string;
}

async function layoutOf(
  dir: string,
  name: string,
  upstreams: [Instance, Instance],
  files: { certificate: string; key: string },
): Promise<Nginx> {
  const [httpsPort, httpPort] = await Promise.all([freePort(), freePort()]);
  return startNginx(
    path.join(dir, name),
    {
      UB_SERVER_NAME: "localhost",
      UB_HTTP_LISTEN: `127.0.0.1:${httpPort}`,
      UB_HTTPS_LISTEN: `127.0.0.1:${httpsPort}`,
      UB_INSTANCE_A: `127.0.0.1:${upstreams[0].port}`,
      UB_INSTANCE_B: `127.0.0.1:${upstreams[1].port}`,
      UB_CERTIFICATE: files.certificate,
      UB_CERTIFICATE_KEY: files.key,
    },
    "auto",
  );
}

export async function runInstancesBench(
  adminUrl: string | undefined,
  settings: ReadLoadSettings,
  progress: (message: string) => void,
): Promise<InstancesComparison[]> {
  return withTempDir("ultimate-bikes-instances-", async (dir) => {
    // A cluster of its own unless one is given (BENCH_DATABASE_URL).
    const cluster = adminUrl ? undefined : createPostgresCluster();
    const nginxes: Nginx[] = [];
    let instances: Instance[] = [];
    try {
      progress("PostgreSQL, a certificate, two instances and nginx");
      await cluster?.start();
      const databaseUrl = await createAppDatabase(
        adminUrl ?? cluster!.url,
        `ub_bench_instances_${process.pid}`,
      );
      const files = await selfSignedCertificate(dir);
      const [portA, portB] = await Promise.all([freePort(), freePort()]);
      const environment = {
        NODE_ENV: "production",
        AUTH_SECRET: randomBytes(32).toString("base64url"),
        DATABASE_URL: databaseUrl,
        PUBLIC_URL: "https://localhost",
        TRUST_PROXY: "127.0.0.1",
        LOG_LEVEL: "silent",
      };
      instances = [
        appInstance("A", portA, environment, path.join(dir, "a")),
        appInstance("B", portB, environment, path.join(dir, "b")),
      ];
      for (const instance of instances) await instance.start();
      const [a, b] = instances as [Instance, Instance];
      const one = await layoutOf(dir, "one-instance", [a, a], files);
      nginxes.push(one);
      const two = await layoutOf(dir, "two-instances", [a, b], files);
      nginxes.push(two);

      const comparisons: InstancesComparison[] = [];
      for (const endpoint of INSTANCES_ENDPOINTS) {
        const measure = (nginx: Nginx) => async () => {
          const url = `${nginx.origin}${endpoint}`;
          await timedLoad(url, settings.connections, settings.warmupSeconds);
          return timedLoad(url, settings.connections, settings.durationSeconds);
        };
        progress(`${endpoint}: one instance against two, ${settings.rounds} rounds`);
        const comparison = await alternatingRounds(settings.rounds, measure(one), measure(two));
        comparisons.push({ endpoint, ...comparison });
      }
      return comparisons;
    } finally {
      for (const nginx of nginxes) await nginx.stop();
      for (const instance of instances) await stopIfRunning(instance);
      await cluster?.stop();
    }
  });
}
