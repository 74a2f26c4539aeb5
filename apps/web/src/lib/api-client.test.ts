import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { ApiRequestError, apiRequest } from "./api-client";

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

  it("explains a network failure in words", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))),
    );
    await expect(apiRequest("/bikes", z.unknown())).rejects.toThrow("Cannot reach the server");
  });
});
