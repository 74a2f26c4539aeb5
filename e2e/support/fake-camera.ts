import type { Page } from "@playwright/test";

/**
 * Before the page loads: the camera is a canvas showing `image` (a data URL), and the browser
 * has no BarcodeDetector.
 */
export async function fakeCameraShowing(page: Page, image: string) {
  await page.addInitScript((src) => {
    delete (window as { BarcodeDetector?: unknown }).BarcodeDetector;
    const canvas = document.createElement("canvas");
    canvas.width = 480;
    canvas.height = 480;
    const context = canvas.getContext("2d")!;
    const picture = new Image();
    picture.src = src;
    const draw = () => {
      context.fillStyle = "#fff";
      context.fillRect(0, 0, canvas.width, canvas.height);
      if (picture.complete) context.drawImage(picture, 90, 90, 300, 300);
    };
    setInterval(draw, 50);
    navigator.mediaDevices.getUserMedia = async () => {
      draw();
      return canvas.captureStream(10);
    };
    // What showToCamera calls: the camera sees another picture from now on.
    (window as { showToFakeCamera?: (next: string) => void }).showToFakeCamera = (next) => {
      picture.src = next;
    };
  }, image);
}

/** The camera of a page made by fakeCameraShowing shows `image` (a data URL) from now on. */
export async function showToCamera(page: Page, image: string) {
  await page.evaluate((src) => {
    (window as { showToFakeCamera?: (next: string) => void }).showToFakeCamera!(src);
  }, image);
}
