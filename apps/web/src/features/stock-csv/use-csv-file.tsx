import { STOCK_IMPORT_MAX_BYTES } from "@ultimate-bikes/contract/stock-csv";
import { useState, type ChangeEvent } from "react";
import Alert from "react-bootstrap/Alert";

/** A CSV file chosen to import: its name and text, as read in the browser. */
export interface ChosenCsv {
  name: string;
  text: string;
}

/**
 * The file an import section works on. Choosing one forgets the last (`onChange` clears the
 * section's preview and result), refuses one larger than the server takes without sending it,
 * and hands the text of one that fits to `onRead` (to preview it).
 */
export function useCsvFile({
  onChange,
  onRead,
}: {
  onChange: () => void;
  onRead: (text: string) => void;
}) {
  const [file, setFile] = useState<ChosenCsv | null>(null);
  const [tooLarge, setTooLarge] = useState(false);

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.currentTarget.files?.[0];
    onChange();
    setFile(null);
    setTooLarge(false);
    if (!chosen) return;
    if (chosen.size > STOCK_IMPORT_MAX_BYTES) {
      setTooLarge(true);
      return;
    }
    const text = await chosen.text();
    setFile({ name: chosen.name, text });
    onRead(text);
  }

  return { file, tooLarge, choose, forget: () => setFile(null) };
}

/** Why a chosen file was not read: larger than one import takes. */
export function FileTooLarge() {
  return (
    <Alert variant="danger" role="alert">
      This file is larger than {STOCK_IMPORT_MAX_BYTES / 1024 / 1024} MB. Split it into smaller
      files and import each.
    </Alert>
  );
}
