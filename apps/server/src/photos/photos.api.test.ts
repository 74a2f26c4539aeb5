import { bikeSchema, uploadedPhotoSchema } from "@ultimate-bikes/contract/bikes";
import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { TestUser } from "../../test/accounts.ts";
import { useSecondInstance } from "../../test/second-instance.ts";
import { addBike, send } from "../../test/stock-helpers.ts";
import { testDatabaseKind, useTestApp } from "../../test/test-app.ts";

/** A photo as a phone or a camera would make it: `format`, `width`×`height`, one colour. */
const imageOf = (format: "png" | "jpeg" | "webp" | "gif", width = 1600, height = 1200) =>
  sharp({ create: { width, height, channels: 3, background: "#2a6" } })
    .toFormat(format)
    .toBuffer();

const upload = (
  app: FastifyInstance,
  user: TestUser | undefined,
  body: Buffer | string,
  type: string,
) => send(app, user, "POST", "/api/photos", body, { "content-type": type });

describe(`photo uploads on ${testDatabaseKind}`, () => {
  const test = useTestApp({ signedUpUsers: ["staff"] });
  const second = useSecondInstance(test);
  const { staff } = test.users;

  it.each(["png", "jpeg", "webp"] as const)(
    "keeps a %s at the sizes the pages show, as WebP cached for good",
    async (format) => {
      const response = await upload(test.app, staff, await imageOf(format), `image/${format}`);
      expect(response.statusCode, response.body).toBe(201);
      const { photo } = uploadedPhotoSchema.parse(response.json());
      expect(photo).toMatch(/^\/images\/uploads\/[0-9a-f-]{36}\.webp$/);

      const large = await test.app.inject(photo);
      expect(large.statusCode).toBe(200);
      expect(large.headers["content-type"]).toBe("image/webp");
      expect(large.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(large.headers["cross-origin-resource-policy"]).toBe("cross-origin");
      expect(await sharp(large.rawPayload).metadata()).toMatchObject({
        format: "webp",
        width: 800,
        height: 500,
      });
      const small = await test.app.inject(photo.replace(".webp", "-400.webp"));
      expect(await sharp(small.rawPayload).metadata()).toMatchObject({ width: 400, height: 250 });
    },
  );

  it("judges a photo by its bytes, not its declared type", async () => {
    const png = await imageOf("png", 640, 400);
    expect((await upload(test.app, staff, png, "application/octet-stream")).statusCode).toBe(201);
    expect((await upload(test.app, staff, png, "image/jpeg")).statusCode).toBe(201);
    const text = await upload(test.app, staff, "<svg onload=alert(1)>", "image/png");
    expect(text.statusCode).toBe(400);
    expect(text.json()).toMatchObject({
      message: "The photo is not an image this warehouse can show: use a JPEG, PNG or WebP photo.",
    });
    const gif = await upload(test.app, staff, await imageOf("gif", 64, 40), "image/png");
    expect(gif.statusCode).toBe(400);
  });

  it("refuses a photo over 5 MB, a type that is not an image, and a visitor", async () => {
    const huge = Buffer.alloc(5 * 1024 * 1024 + 1, 1);
    expect((await upload(test.app, staff, huge, "image/jpeg")).statusCode).toBe(413);
    expect((await upload(test.app, staff, "name,price", "text/csv")).statusCode).toBe(415);
    expect(
      (await upload(test.app, undefined, await imageOf("png", 64, 40), "image/png")).statusCode,
    ).toBe(401);
    expect(
      (await test.app.inject("/images/uploads/0b0d7a3e-4f4e-4b8e-9f8e-2a4d5c6b7a80.webp"))
        .statusCode,
    ).toBe(404);
    expect((await test.app.inject("/images/uploads/not-a-photo.webp")).statusCode).toBe(404);
  });

  it("gives a bike its uploaded photo, which every server sharing the database serves", async () => {
    const { photo } = uploadedPhotoSchema.parse(
      (await upload(test.app, staff, await imageOf("jpeg"), "image/jpeg")).json(),
    );
    const id = await addBike(test.app, staff, { photo });
    const bike = bikeSchema.parse((await test.app.inject(`/api/bikes/${id}`)).json());
    expect(bike.photo).toBe(`${test.config.publicUrl}${photo}`);
    const fromSecond = await second.app.inject(photo);
    expect(fromSecond.statusCode).toBe(200);
    expect(fromSecond.headers["content-type"]).toBe("image/webp");
  });
});
