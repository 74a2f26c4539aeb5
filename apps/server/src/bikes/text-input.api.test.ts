import { PHOTO_URL_PROBLEM } from "@ultimate-bikes/contract/bikes";
import { TEXT_PROBLEMS } from "@ultimate-bikes/contract/safe-text";
import { newBikeBody } from "@ultimate-bikes/test-support/new-bike";
import { describe, expect, it } from "vitest";
import { accessTokenFor } from "../../test/accounts.ts";
import { expectError, fieldsOf } from "../../test/api-errors.ts";
import { send } from "../../test/stock-helpers.ts";
import { testDatabaseKind, useTestApp } from "../../test/test-app.ts";

// Text that cannot hurt (docs/decisions/012): PostgreSQL cannot store NUL, and nobody types the
// other characters refused here; each is a 400 naming its field, never a 500.
describe(`text input on ${testDatabaseKind}`, () => {
  const test = useTestApp({ signedUpUsers: ["adder"] });
  const { adder } = test.users;
  const addBike = (overrides: Record<string, unknown>) =>
    send(test.app, adder, "POST", "/api/bikes", { ...newBikeBody(), ...overrides });

  it("refuses a NUL in a bike's name with a 400 naming it", async () => {
    const response = await addBike({ name: "a\u0000b" });
    expect(fieldsOf(response)).toEqual(["body.name"]);
    expect(expectError(response, 400).message).toBe(`body.name: ${TEXT_PROBLEMS.lineBreak}`);
  });

  it.each([
    ["name", "Bike \u202Egnp.exe", TEXT_PROBLEMS.bidi],
    ["supplierName", "Supplier \u0007", TEXT_PROBLEMS.lineBreak],
    ["supplierName", "Supplier \uDC00", TEXT_PROBLEMS.illFormed],
    ["des", "Line one\u0000", TEXT_PROBLEMS.control],
    ["des", "Line one \u2066isolated\u2069", TEXT_PROBLEMS.bidi],
    ["photo", "/images/\u0000.png", TEXT_PROBLEMS.lineBreak],
  ])("refuses %s %j", async (field, value, problem) => {
    const response = await addBike({ [field]: value });
    expect(expectError(response, 400).fields?.[0]).toEqual({
      field: `body.${field}`,
      message: problem,
    });
  });

  it("keeps line breaks and tabs in a description", async () => {
    const response = await addBike({ des: "Line one\nLine two\r\n\tindented" });
    expect(response.statusCode, response.body).toBe(201);
  });

  it.each([
    "/\\tracker.example/x.gif",
    "\\\\tracker.example/x.gif",
    "//tracker.example/x.gif",
    "/%5Ctracker.example/x.gif",
    "http://tracker.example/x.gif",
  ])("refuses the photo %j, which a browser would load from another host", async (photo) => {
    const response = await addBike({ photo });
    expect(expectError(response, 400).fields).toEqual([
      { field: "body.photo", message: PHOTO_URL_PROBLEM },
    ]);
  });

  it.each(["https://images.example/bike.png", "/images/bikes/vespa-gts-300.svg"])(
    "takes the photo %j",
    async (photo) => {
      expect((await addBike({ photo })).statusCode).toBe(201);
    },
  );

  it.each([
    ["/api/stock?q=%00", "querystring.q"],
    ["/api/stock?supplier=%E2%80%AE", "querystring.supplier"],
    ["/api/stock?cursor=%00", "querystring.cursor"],
    ["/api/items?email=a%00%40example.com", "querystring.email"],
    ["/api/account/password-reset-status?token=%00", "querystring.token"],
    ["/api/account/email-verification-status?token=%00", "querystring.token"],
  ])("refuses %s with a 400 naming %s", async (url, field) => {
    const token = await accessTokenFor(test.app, adder);
    const response = await test.app.inject({ url, headers: { authorization: `Bearer ${token}` } });
    expect(new Set(fieldsOf(response))).toEqual(new Set([field]));
  });
});
