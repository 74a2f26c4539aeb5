import QRCode from "qrcode";
import { useEffect, useState } from "react";

/** A QR code of `text` as a PNG image; nothing until it is drawn (a few milliseconds). */
export function QrImage({ text, size, alt }: { text: string; size: number; alt: string }) {
  const [drawn, setDrawn] = useState<{ text: string; url: string }>();
  useEffect(() => {
    let current = true;
    void QRCode.toDataURL(text, { margin: 1, width: size * 2, errorCorrectionLevel: "M" }).then(
      (url) => current && setDrawn({ text, url }),
    );
    return () => {
      current = false;
    };
  }, [text, size]);
  if (drawn?.text !== text) {
    return <span className="d-inline-block flex-shrink-0" style={{ width: size, height: size }} />;
  }
  return <img src={drawn.url} alt={alt} width={size} height={size} className="qr-image" />;
}
