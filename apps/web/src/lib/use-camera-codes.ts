import { useEffect, useRef, useState, type RefObject } from "react";
import { frameDecoder } from "./decode-frame";

/** How often a frame is read: often enough to feel instant, seldom enough to spare a phone. */
const SCAN_EVERY_MS = 250;

export type CameraState = "off" | "starting" | "scanning" | "refused" | "unavailable";

/**
 * The back camera, shown in the `video` element the caller renders with the ref returned, read
 * for QR codes while `on`: each code read is handed to `onCode`, the next frame read once it is
 * done (the same code again too: the caller says what is new). The camera stops when `on` turns false or the component
 * goes.
 */
export function useCameraCodes(
  onCode: (text: string) => void | Promise<void>,
  on = true,
): { video: RefObject<HTMLVideoElement | null>; camera: CameraState } {
  const video = useRef<HTMLVideoElement>(null);
  const [camera, setCamera] = useState<CameraState>(on ? "starting" : "off");
  // The latest handler, so a new one does not restart the camera.
  const handler = useRef(onCode);
  useEffect(() => {
    handler.current = onCode;
  }, [onCode]);

  useEffect(() => {
    if (!on) return;
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setInterval> | undefined;
    let stopped = false;
    async function start() {
      setCamera("starting");
      if (!navigator.mediaDevices?.getUserMedia) {
        setCamera("unavailable");
        return;
      }
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: "environment" },
        });
      } catch (error) {
        setCamera((error as Error).name === "NotAllowedError" ? "refused" : "unavailable");
        return;
      }
      if (stopped || !video.current) return;
      video.current.srcObject = stream;
      await video.current.play().catch(() => {});
      setCamera("scanning");
      const decode = await frameDecoder();
      let busy = false;
      timer = setInterval(() => {
        if (busy || !video.current) return;
        busy = true;
        void decode(video.current)
          // The next frame waits for the code's handling (a lookup, say) to end.
          .then(async (text) => {
            if (text !== undefined && !stopped) await handler.current(text);
          })
          .catch(() => {})
          .finally(() => {
            busy = false;
          });
      }, SCAN_EVERY_MS);
    }
    void start();
    return () => {
      stopped = true;
      clearInterval(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [on]);

  return { video, camera: on ? camera : "off" };
}
