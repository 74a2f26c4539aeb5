import jsQR from "jsqr";
import { PNG } from "pngjs";

/** The text a PNG's QR code holds. */
export function decodePng(png: Buffer): string | undefined {
  const image = PNG.sync.read(png);
  // A CommonJS module: under Node its default export is the module, which holds the function.
  return jsQR.default(new Uint8ClampedArray(image.data), image.width, image.height)?.data;
}

/** The text a QR code's image (an `<img>` whose source is a PNG data URL) holds. */
export const decodeDataUrl = (src: string) =>
  decodePng(Buffer.from(src.replace(/^data:image\/png;base64,/, ""), "base64"));
