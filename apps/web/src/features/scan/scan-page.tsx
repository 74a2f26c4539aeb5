import { useEffect, useRef, useState, type FormEvent } from "react";
import Alert from "react-bootstrap/Alert";
import Button from "react-bootstrap/Button";
import Container from "react-bootstrap/Container";
import Form from "react-bootstrap/Form";
import InputGroup from "react-bootstrap/InputGroup";
import { useNavigate } from "react-router";
import { bikeSchema } from "@ultimate-bikes/contract/bikes";
import { formatStockNumber, parseStockNumber } from "@ultimate-bikes/contract/stock-number";
import {
  formatTransferNumber,
  parseTransferNumber,
  transferByNumberPath,
  transferSchema,
} from "@ultimate-bikes/contract/transfers";
import { ApiRequestError, apiRequest } from "../../lib/api-client";
import { bikeIdFrom } from "../../lib/bike-links";
import { bikePagePath, transferPagePath } from "../../lib/paths";
import { transferIdFrom } from "../../lib/transfer-links";
import { usePageTitle } from "../../lib/use-page-title";
import { frameDecoder } from "./decode-frame";

/** How often a frame is read: often enough to feel instant, seldom enough to spare a phone. */
const SCAN_EVERY_MS = 250;

type CameraState = "starting" | "scanning" | "refused" | "unavailable";

const CAMERA_PROBLEMS: Partial<Record<CameraState, string>> = {
  refused:
    "Camera access was refused. Allow it in the browser's settings, or type the bike's stock number below.",
  unavailable: "This browser cannot use a camera here. Type the bike's stock number below.",
};

const NOT_OURS =
  "That is not a stock number, a transfer number, a bike id or the address of one of our pages.";

/** The bike with this stock number's id; undefined when no bike has it. */
async function bikeIdOfStockNumber(stockNumber: string): Promise<string | undefined> {
  try {
    const bike = await apiRequest(
      `/bikes/by-stock-number/${encodeURIComponent(stockNumber)}`,
      bikeSchema,
    );
    return bike._id;
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) return undefined;
    throw error;
  }
}

/** The id of the transfer with this number (`T-000123`); undefined when there is none. */
async function transferIdOfNumber(number: string): Promise<string | undefined> {
  try {
    const transfer = await apiRequest(transferByNumberPath(number), transferSchema);
    return transfer.id;
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) return undefined;
    throw error;
  }
}

/**
 * Where a scanned or typed address or id leads: a transfer's page, ready to receive it (its
 * sheet's QR code), or a bike's page; undefined when it names neither.
 */
function pageOf(text: string): string | undefined {
  const transferId = transferIdFrom(text);
  if (transferId) return transferPagePath(transferId, { receive: true });
  const bikeId = bikeIdFrom(text);
  return bikeId && bikePagePath(bikeId);
}

/**
 * Scan a bike's label with the camera and land on its page, ready to deliver or import
 * (issue 13). A code that is not one of our bikes says so and scanning goes on.
 */
export function ScanPage() {
  usePageTitle("Scan");
  const navigate = useNavigate();
  const video = useRef<HTMLVideoElement>(null);
  const [camera, setCamera] = useState<CameraState>("starting");
  const [notOurs, setNotOurs] = useState<string>();
  const [typed, setTyped] = useState("");
  const [typedProblem, setTypedProblem] = useState<string>();
  const [looking, setLooking] = useState(false);

  useEffect(() => {
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setInterval> | undefined;
    let stopped = false;
    async function start() {
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
          .then((text) => {
            if (text === undefined || stopped) return;
            const page = pageOf(text);
            if (page) void navigate(page);
            else setNotOurs(text);
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
  }, [navigate]);

  async function openTyped(event: FormEvent) {
    event.preventDefault();
    const page = pageOf(typed);
    if (page) {
      void navigate(page);
      return;
    }
    const stockNumber = parseStockNumber(typed);
    const transferNumber = parseTransferNumber(typed);
    if (stockNumber === undefined && transferNumber === undefined) {
      setTypedProblem(NOT_OURS);
      return;
    }
    setLooking(true);
    try {
      if (transferNumber !== undefined) {
        const shown = formatTransferNumber(transferNumber);
        const found = await transferIdOfNumber(shown);
        if (found) void navigate(transferPagePath(found, { receive: true }));
        else setTypedProblem(`No transfer has the number ${shown}.`);
      } else if (stockNumber !== undefined) {
        const shown = formatStockNumber(stockNumber);
        const found = await bikeIdOfStockNumber(shown);
        if (found) void navigate(bikePagePath(found));
        else setTypedProblem(`No bike has the stock number ${shown}.`);
      }
    } catch (error) {
      setTypedProblem((error as Error).message);
    } finally {
      setLooking(false);
    }
  }

  const problem = CAMERA_PROBLEMS[camera];
  return (
    <Container as="section" className="py-5 add-bike-form">
      <h1 className="mb-3">Scan a label</h1>
      <p>
        Point the camera at a bike's QR label: its page opens, ready to deliver or import. A
        transfer sheet's QR code opens the transfer, ready to receive.
      </p>
      {problem ? (
        <Alert variant="warning" role="alert">
          {problem}
        </Alert>
      ) : (
        <video
          ref={video}
          className="scan-video mb-2"
          muted
          playsInline
          aria-label="The camera's view"
        />
      )}
      <p aria-live="polite" className="small">
        {camera === "starting" && "Starting the camera…"}
        {camera === "scanning" && !notOurs && "Looking for a label…"}
        {notOurs && "That code is not one of our bikes or transfers. Still looking…"}
      </p>
      <Form onSubmit={(event) => void openTyped(event)} noValidate>
        <Form.Group controlId="scan-typed">
          <Form.Label>
            Or type its stock number (like UB-00042), a transfer's number (like T-000123), an id or
            a page address
          </Form.Label>
          <InputGroup hasValidation>
            <Form.Control
              value={typed}
              onChange={(event) => {
                setTyped(event.currentTarget.value);
                setTypedProblem(undefined);
              }}
              isInvalid={Boolean(typedProblem)}
              aria-describedby={typedProblem ? "scan-typed-problem" : undefined}
            />
            <Button type="submit" variant="dark" disabled={looking}>
              Open
            </Button>
            <Form.Control.Feedback type="invalid" id="scan-typed-problem">
              {typedProblem}
            </Form.Control.Feedback>
          </InputGroup>
        </Form.Group>
      </Form>
    </Container>
  );
}
