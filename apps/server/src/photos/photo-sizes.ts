import sharp from "sharp";

/**
 * The sizes an uploaded photo is kept at, 8:5 as the shipped photos: the larger for a bike's
 * page and cards on sharp screens, the smaller for cards and thumbnails.
 */
export const PHOTO_WIDTHS = [800, 400] as const;
const ASPECT = 5 / 8;

/** Beyond this many pixels an upload is refused before it is decoded: a decompression bomb. */
const MAX_INPUT_PIXELS = 40_000_000;

const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp"]);

export type PhotoSizes =
  { ok: true; sizes: { width: number; bytes: Buffer }[] } | { ok: false; problem: string };

/**
 * The upload resized to each of PHOTO_WIDTHS as WebP: cropped to 8:5 around its middle, turned
 * upright as its camera recorded, and without its metadata (a phone's location stays private).
 * The format is read from the bytes, never from a name or a declared type.
 */
export async function photoSizesOf(upload: Buffer): Promise<PhotoSizes> {
  let format: string | undefined;
  try {
    format = (await sharp(upload, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()).format;
  } catch {
    return {
      ok: false,
      problem: "is not an image this warehouse can show: use a JPEG, PNG or WebP photo",
    };
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) {
    return {
      ok: false,
      problem: "is not an image this warehouse can show: use a JPEG, PNG or WebP photo",
    };
  }
  try {
    const sizes = await Promise.all(
      PHOTO_WIDTHS.map(async (width) => ({
        width,
        bytes: await sharp(upload, { limitInputPixels: MAX_INPUT_PIXELS })
          .rotate()
          .resize({ width, height: Math.round(width * ASPECT), fit: "cover" })
          .webp({ quality: 80 })
          .toBuffer(),
      })),
    );
    return { ok: true, sizes };
  } catch {
    return { ok: false, problem: "could not be read to the end: the file may be damaged" };
  }
}
