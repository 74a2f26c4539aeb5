import { useEffect, useEffectEvent, useRef, useState, type FormEvent } from "react";
import Alert from "react-bootstrap/Alert";
import Button from "react-bootstrap/Button";
import Container from "react-bootstrap/Container";
import Form from "react-bootstrap/Form";
import InputGroup from "react-bootstrap/InputGroup";
import { useNavigate } from "react-router";
import { usePageTitle } from "../../lib/use-page-title";
import { useCameraCodes, type CameraState } from "../../lib/use-camera-codes";
import { destinationOf, readCode } from "./scan-destinations";
import { scannerKeys } from "./scanner-keys";

const CAMERA_PROBLEMS: Partial<Record<CameraState, string>> = {
  refused:
    "Camera access was refused. Allow it in the browser's settings, or type the bike's stock number below.",
  unavailable: "This browser cannot use a camera here. Type the bike's stock number below.",
};

const NOT_OURS_SEEN = "That code is not one of our bikes, units or transfers. Still looking…";

const NOT_OURS =
  "That is not a stock number, a transfer number, a chassis number, a bike id or the address of one of our pages.";

/** Whether a key goes into a field of the page, whose own form handles Enter. */
const typedIntoField = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName));

/**
 * Scan a bike's label with the camera and land on its page, ready to deliver or import
 * (issue 13). A code that is not one of our bikes says so and scanning goes on.
 */
export function ScanPage() {
  usePageTitle("Scan");
  const navigate = useNavigate();
  const [notOurs, setNotOurs] = useState<string>();
  const [typed, setTyped] = useState("");
  const [typedProblem, setTypedProblem] = useState<string>();
  const [looking, setLooking] = useState(false);

  /**
   * A code the camera read: opened, or said why not while scanning goes on. A code is asked
   * about once, not at every frame that shows it.
   */
  const lastAsked = useRef<string>(undefined);
  async function openSeen(text: string) {
    const code = readCode(text);
    if (!code) {
      setNotOurs(NOT_OURS_SEEN);
      return;
    }
    if (lastAsked.current === text) return;
    lastAsked.current = text;
    try {
      const destination = await destinationOf(code);
      if ("path" in destination) void navigate(destination.path);
      else setNotOurs(`${destination.problem} Still looking…`);
    } catch (error) {
      // Asked again at the next frame: the server may answer then.
      lastAsked.current = undefined;
      setNotOurs(`${(error as Error).message} Still looking…`);
    }
  }

  const { video, camera } = useCameraCodes(openSeen);

  /** A typed code, or one a USB scanner typed: opened, or said why not under the field. */
  async function openTyped(text: string) {
    const code = readCode(text);
    if (!code) {
      setTypedProblem(NOT_OURS);
      return;
    }
    setLooking(true);
    try {
      const destination = await destinationOf(code);
      if ("path" in destination) void navigate(destination.path);
      else setTypedProblem(destination.problem);
    } catch (error) {
      setTypedProblem((error as Error).message);
    } finally {
      setLooking(false);
    }
  }

  // A USB scanner types into the page wherever the focus is; in the field, the form has it.
  const keys = useRef(scannerKeys());
  const scannedKey = useEffectEvent((event: KeyboardEvent) => {
    if (typedIntoField(event.target)) return;
    const code = keys.current(event.key, event.timeStamp);
    if (code === undefined) return;
    event.preventDefault();
    setTyped(code);
    setTypedProblem(undefined);
    void openTyped(code);
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => scannedKey(event);
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);

  const problem = CAMERA_PROBLEMS[camera];
  return (
    <Container as="section" className="py-5 add-bike-form">
      <h1 className="mb-3">Scan a label</h1>
      <p>
        Point the camera at a bike's QR label: its page opens, ready to deliver or import. A unit's
        label opens the unit; a transfer sheet's QR code opens the transfer, ready to receive. A USB
        scanner can scan into this page.
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
        {notOurs}
      </p>
      <Form
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          void openTyped(typed);
        }}
        noValidate
      >
        <Form.Group controlId="scan-typed">
          <Form.Label>
            Or type its stock number (like UB-00042), a unit's chassis number, a transfer's number
            (like T-000123), an id or a page address
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
