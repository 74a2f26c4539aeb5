import { bikeListSchema } from "@ultimate-bikes/contract/bikes";
import { describe, expect, it } from "vitest";
import { useListening } from "../../test/event-streams.ts";
import { UNKNOWN_BIKE_ID } from "../../test/stock-helpers.ts";
import { useTestApp } from "../../test/test-app.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The X-Request-Id an answer carries, sending `sent` as the proxy's id if given. */
async function requestIdOf(url: string, sent?: string) {
  const answer = await fetch(url, { headers: sent === undefined ? {} : { "x-request-id": sent } });
  await answer.arrayBuffer();
  return { status: answer.status, id: answer.headers.get("x-request-id") };
}

describe("request ids", () => {
  const test = useTestApp();
  const listening = useListening(() => test.app);

  it("answers a new one on every answer: a read, an error and a stored answer", async () => {
    const list = await fetch(`${listening.origin}/api/bikes`);
    const [bike] = bikeListSchema.parse(await list.json());
    expect(list.headers.get("x-request-id")).toMatch(UUID);

    const missing = await requestIdOf(`${listening.origin}/api/bikes/${UNKNOWN_BIKE_ID}`);
    expect(missing).toEqual({ status: 404, id: expect.stringMatching(UUID) });
    const malformed = await requestIdOf(`${listening.origin}/api/bikes/not-an-id`);
    expect(malformed).toEqual({ status: 404, id: expect.stringMatching(UUID) });
    // Refused by Fastify before routing: no hook of a route runs.
    const badUrl = await requestIdOf(`${listening.origin}/api/bikes/%E0%A4%A`);
    expect(badUrl).toEqual({ status: 400, id: expect.stringMatching(UUID) });

    // The second read is the stored-answer door's, before Fastify: an id of its own all the same.
    const url = `${listening.origin}/api/bikes/${bike!._id}`;
    const first = await requestIdOf(url);
    const stored = await requestIdOf(url);
    expect(stored).toEqual({ status: 200, id: expect.stringMatching(UUID) });
    expect(stored.id).not.toBe(first.id);
  });

  it("ignores an id the client sends when no proxy is trusted", async () => {
    const answer = await requestIdOf(`${listening.origin}/api/stock?limit=1`, "from-the-client");
    expect(answer.id).toMatch(UUID);
  });
});

describe("request ids behind a trusted proxy", () => {
  const test = useTestApp({ environment: { TRUST_PROXY: "on" } });
  const listening = useListening(() => test.app);

  it("keeps the proxy's id when it is sane, on the pipeline's answers and the door's", async () => {
    const url = `${listening.origin}/api/stock?limit=2`;
    expect(await requestIdOf(url, "0f1e2d3c4b5a69788796a5b4c3d2e1f0")).toEqual({
      status: 200,
      id: "0f1e2d3c4b5a69788796a5b4c3d2e1f0",
    });
    expect((await requestIdOf(url, "Root=1-67891233-abcdef012345678912345678")).id).toBe(
      "Root=1-67891233-abcdef012345678912345678",
    );
  });

  it.each([["a".repeat(129)], ["two words"], ['quote"d'], ["<script>"]])(
    "makes its own instead of %s",
    async (sent) => {
      expect((await requestIdOf(`${listening.origin}/api/stock?limit=1`, sent)).id).toMatch(UUID);
    },
  );
});

describe("request ids behind proxies trusted by address", () => {
  const test = useTestApp({ environment: { TRUST_PROXY: "10.0.0.0/8" } });
  const listening = useListening(() => test.app);

  it("ignores an id from an address that is not one of them", async () => {
    const answer = await requestIdOf(`${listening.origin}/api/stock?limit=1`, "from-loopback");
    expect(answer.id).toMatch(UUID);
  });
});
