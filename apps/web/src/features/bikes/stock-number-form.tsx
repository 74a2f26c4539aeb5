import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { bikeSchema } from "@ultimate-bikes/contract/bikes";
import { parseStockNumber, STOCK_NUMBER_PROBLEM } from "@ultimate-bikes/contract/stock-number";
import { useState, type FormEvent } from "react";
import Form from "react-bootstrap/Form";
import InputGroup from "react-bootstrap/InputGroup";
import { SubmitButton } from "../../components/submit-button";
import { useAccount } from "../../lib/account";
import { apiRequest } from "../../lib/api-client";
import { useIdleSinceMount } from "../../lib/use-after-first-paint";
import { bikeKeys } from "./bikes-api";
import { bikePath } from "./bikes-api-paths";

/** `PUT /bikes/{id}/stock-number`: 409 when another bike has the number. */
function useChangeStockNumber(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (stockNumber: string) =>
      apiRequest(`${bikePath(id)}/stock-number`, bikeSchema, {
        method: "PUT",
        body: { stockNumber },
      }),
    onSuccess: (bike) => queryClient.setQueryData(bikeKeys.detail(id), bike),
    onSettled: () => queryClient.invalidateQueries({ queryKey: bikeKeys.all }),
  });
}

/**
 * Staff give a bike another stock number (issue 21), for labels already printed with an old
 * one: a form of its own beside the details, since the number is nobody else's and a clash is
 * refused on its own. Nothing for anyone else.
 */
export function StockNumberForm({ id }: { id: string }) {
  const { canChangeStock } = useAccount();
  // Below the details form: asked for once the page has shown them, never before them.
  const idle = useIdleSinceMount();
  const bike = useQuery({
    queryKey: bikeKeys.detail(id),
    queryFn: () => apiRequest(bikePath(id), bikeSchema),
    enabled: idle && canChangeStock,
  });
  if (!canChangeStock || !bike.data) return null;
  return <StockNumberField id={id} current={bike.data.stockNumber ?? ""} />;
}

function StockNumberField({ id, current }: { id: string; current: string }) {
  const change = useChangeStockNumber(id);
  const [value, setValue] = useState(current);
  const [problem, setProblem] = useState<string>();
  const [saved, setSaved] = useState<string>();

  function submit(event: FormEvent) {
    event.preventDefault();
    setSaved(undefined);
    if (parseStockNumber(value) === undefined) {
      setProblem(`The stock number ${STOCK_NUMBER_PROBLEM}.`);
      return;
    }
    change.mutate(value.trim(), {
      onSuccess: (bike) => {
        setValue(bike.stockNumber ?? "");
        setSaved(`Stock number saved: ${bike.stockNumber}.`);
      },
      // The server's words: "stockNumber: UB-00042 is already the stock number of another bike".
      onError: (error) => setProblem(error.message.replace(/^stockNumber: /, "")),
    });
  }

  return (
    <section aria-labelledby="stock-number-heading" className="mt-5">
      <h2 id="stock-number-heading" className="h5">
        Stock number
      </h2>
      <Form onSubmit={submit} noValidate>
        <Form.Group controlId="stock-number">
          <Form.Label>Stock number (like UB-00042)</Form.Label>
          <InputGroup hasValidation>
            <Form.Control
              value={value}
              onChange={(event) => {
                setValue(event.currentTarget.value);
                setProblem(undefined);
                setSaved(undefined);
              }}
              isInvalid={Boolean(problem)}
              aria-describedby={problem ? "stock-number-problem" : "stock-number-help"}
              autoComplete="off"
            />
            <SubmitButton pending={change.isPending} pendingLabel="Saving…">
              Save number
            </SubmitButton>
            <Form.Control.Feedback type="invalid" id="stock-number-problem">
              {problem}
            </Form.Control.Feedback>
          </InputGroup>
          <Form.Text id="stock-number-help">
            Printed on its label and typed into Scan; no other bike may have it.
          </Form.Text>
        </Form.Group>
        <p role="status" className="small mt-2 mb-0">
          {saved}
        </p>
      </Form>
    </section>
  );
}
