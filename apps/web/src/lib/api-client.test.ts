import { LEDGER_POSITION_HEADER } from "@ultimate-bikes/contract/ledger-position";
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { ANSWER_NOT_UNDERSTOOD, ApiRequestError, apiRequest, SERVER_PROBLEM } from "./api-client";
import { streamLive, streamStart, streamStopped } from "./ledger-position";

// The browser's fetch is the boundary here: the server's side is covered by the API suites.
function answer(status: number, body: unknown) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response(JSON.stringify(body), { status })),
  );
}

describe("apiRequest", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("returns the parsed body of a success", async () => {
    answer(200, { value: 3 });
    await expect(apiRequest("/thing", z.object({ value: z.number() }))).resolves.toEqual({
      value: 3,
    });
  });

  it("turns the API's error shape into an error carrying its message and fields", async () => {
    answer(400, {
      statusCode: 400,
      error: "Bad Request",
      message: "body.price: must be a price like 1999.99",
      fields: [{ field: "body.price", message: "must be a price like 1999.99" }],
    });
    const error = await apiRequest("/bikes", z.unknown()).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({
      status: 400,
      message: "body.price: must be a price like 1999.99",
    });
    expect((error as ApiRequestError).fields).toHaveLength(1);
  });

  it("says a server failure in plain words and keeps what the server said as the detail", async () => {
    answer(500, {
      statusCode: 500,
      error: "Internal Server Error",
      message: "Internal Server Error",
    });
    const error = await apiRequest("/bikes", z.unknown()).catch((failure: unknown) => failure);
    expect(error).toMatchObject({ status: 500, message: SERVER_PROBLEM });
    expect((error as ApiRequestError).detail).toContain("Internal Server Error");
  });

  it("keeps the server's own words when it wrote some for people, even for a 503", async () => {
    const message = "The database cannot be reached right now. Please try again shortly.";
    answer(503, { statusCode: 503, error: "Service Unavailable", message });
    await expect(apiRequest("/bikes", z.unknown())).rejects.toThrow(message);
  });

  it("says an answer without the API's shape in plain words, its start kept as the detail", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("<html>502 Bad Gateway</html>", { status: 502 })),
    );
    const error = await apiRequest("/bikes", z.unknown()).catch((failure: unknown) => failure);
    expect(error).toMatchObject({ status: 502, message: SERVER_PROBLEM });
    expect((error as ApiRequestError).detail).toContain("<html>502 Bad Gateway</html>");
  });

  it("says so in words when an answer is not what the page expected", async () => {
    answer(200, { value: "three" });
    const error = await apiRequest("/thing", z.object({ value: z.number() })).catch(
      (failure: unknown) => failure,
    );
    expect(error).toMatchObject({ message: ANSWER_NOT_UNDERSTOOD });
    expect((error as ApiRequestError).detail).toContain("value");
  });

  it("explains a network failure in words", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))),
    );
    await expect(apiRequest("/bikes", z.unknown())).rejects.toThrow("Cannot reach the server");
  });
});

describe("apiRequest and the ledger position of its answers", () => {
  afterEach(() => {
    streamStopped();
    vi.unstubAllGlobals();
  });

  const schema = z.object({ value: z.number() });
  /** Answers each request with the next value, at the next ledger position. */
  function answerAt(...positions: number[]) {
    const fetch = vi.fn(async () => {
      const position = positions[fetch.mock.calls.length - 1]!;
      return Response.json(
        { value: position },
        { headers: { [LEDGER_POSITION_HEADER]: String(position) } },
      );
    });
    vi.stubGlobal("fetch", fetch);
    return fetch;
  }

  it("notes the position of answers taken before the live stream, for it to start from", async () => {
    answerAt(44, 40);
    await apiRequest("/stock", schema);
    await apiRequest("/suppliers", schema);
    expect(streamStart()).toBe(40);
  });

  it("asks once more for a read older than where the live stream started", async () => {
    streamLive(40);
    const fetch = answerAt(39, 41);
    await expect(apiRequest("/stock", schema)).resolves.toEqual({ value: 41 });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it("never sends a write twice", async () => {
    streamLive(40);
    const fetch = answerAt(39, 41);
    await apiRequest("/bikes/1/imports", schema, { method: "POST", body: { amount: 1 } });
    expect(fetch).toHaveBeenCalledOnce();
  });
});
