import type { BrowserContext } from "@playwright/test";

/*
 * A bike's photo may be an https:// URL on another site (docs/decisions/013). The tests that add
 * such a bike use this made-up host, which every test's browser answers (the `photoHost`
 * fixture): the bike shows in other tests' lists too, and its photo must load there as well.
 */

export const PHOTO_HOST = "https://photos.example.test";

/** A 2×1 PNG: a photo whose natural width says it really loaded. */
const TWO_BY_ONE_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAIAAAB7QOjdAAAAD0lEQVR4nGP4z8DAwPAfAAcAAf9+CLHQAAAAAElFTkSuQmCC",
  "base64",
);

/** Answers every request to PHOTO_HOST in the context with the PNG; returns the URLs asked for. */
export async function servePhotoHost(context: BrowserContext): Promise<string[]> {
  const requested: string[] = [];
  await context.route(`${PHOTO_HOST}/**`, (route) => {
    requested.push(route.request().url());
    return route.fulfill({ status: 200, contentType: "image/png", body: TWO_BY_ONE_PNG });
  });
  return requested;
}
