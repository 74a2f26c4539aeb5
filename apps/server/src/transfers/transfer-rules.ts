import type { FieldError } from "@ultimate-bikes/contract/errors";
import {
  parseTransferNumber,
  type NewTransfer,
  type ReceiveTransfer,
  type Transfer,
  type TransferListQuery,
  type TransferPage,
} from "@ultimate-bikes/contract/transfers";
import type { Actor } from "../bikes/bike-writes.ts";
import type { UnitRefusal } from "../units/unit-refusals.ts";
import type {
  LineRef,
  ShortLine,
  TransferWrite,
  TransfersRepository,
} from "./transfers-repository.ts";

/** The step a request asked for; a refusal's words depend on it. */
export type TransferStep = "create" | "send" | "receive" | "cancel";

/** What a transfer request did, or why it did nothing. transfer-http.ts turns refusals into errors. */
export type TransferOutcome<T> =
  | { status: "done"; value: T }
  | { status: "no-such-transfer" }
  | { status: "no-such-place" }
  | { status: "place-archived"; name: string }
  /** The step does not fit the transfer's status now (someone else took a step first). */
  | { status: "wrong-state"; transfer: Transfer }
  | { status: "no-such-bikes"; step: TransferStep; lines: LineRef[] }
  | { status: "short"; lines: ShortLine[] }
  | { status: "bad-receipt"; fields: FieldError[] }
  | { status: "unit-refusal"; refusal: UnitRefusal }
  /** A `number` filter that is no transfer number. */
  | { status: "unusable-number" };

const done = <T>(value: T) => ({ status: "done", value }) as const;

/**
 * The transfer rules (issue 23): which places a transfer may join, and what each step's result
 * means to the caller. Who may call is the routes' (staff only); the repository reads and writes.
 */
export function createTransferRules(transfers: TransfersRepository) {
  /** Both ends must exist and be open for stock. */
  async function placesRefusal(placeIds: readonly string[]) {
    for (const placeId of placeIds) {
      const place = await transfers.checkPlace(placeId);
      if (place.status === "unknown") return { status: "no-such-place" } as const;
      if (place.status === "archived")
        return { status: "place-archived", name: place.name } as const;
    }
    return undefined;
  }

  /** The transfer as a write left it, or why the write did nothing. */
  async function outcomeOf(
    write: TransferWrite,
    step: TransferStep,
  ): Promise<TransferOutcome<Transfer>> {
    switch (write.status) {
      case "done":
        return done((await transfers.find(write.id))!);
      case "not-in-state": {
        // The conditional UPDATE found no transfer in the status the step needs: which is it now?
        const transfer = await transfers.find(write.id);
        return transfer ? { status: "wrong-state", transfer } : { status: "no-such-transfer" };
      }
      case "no-such-bikes":
        return { status: "no-such-bikes", step, lines: write.lines };
      default:
        return write;
    }
  }

  return {
    async list(query: TransferListQuery): Promise<TransferOutcome<TransferPage>> {
      const number = query.number === undefined ? undefined : parseTransferNumber(query.number);
      if (query.number !== undefined && number === undefined) return { status: "unusable-number" };
      return done(await transfers.page({ ...query, number }));
    },

    async find(id: string): Promise<TransferOutcome<Transfer>> {
      const transfer = await transfers.find(id);
      return transfer ? done(transfer) : { status: "no-such-transfer" };
    },

    /** `T-000123` as typed (any case, any zero padding), for the Scan page's typed fallback. */
    async findByNumber(text: string): Promise<TransferOutcome<Transfer>> {
      const number = parseTransferNumber(text);
      const transfer = number === undefined ? undefined : await transfers.findByNumber(number);
      return transfer ? done(transfer) : { status: "no-such-transfer" };
    },

    async create(input: NewTransfer, actor: Actor): Promise<TransferOutcome<Transfer>> {
      const refusal = await placesRefusal([input.sourcePlaceId, input.destinationPlaceId]);
      if (refusal) return refusal;
      return outcomeOf(await transfers.create(input, actor), "create");
    },

    /** A draft's places may have been archived since it was written: the send checks again. */
    send: async (id: string, actor: Actor): Promise<TransferOutcome<Transfer>> =>
      outcomeOf(await transfers.send(id, actor), "send"),

    /** Every line arrived in full unless the receipt's lines say fewer (each with its reason). */
    async receive(
      id: string,
      receipt: ReceiveTransfer,
      actor: Actor,
    ): Promise<TransferOutcome<Transfer>> {
      return outcomeOf(await transfers.receive(id, receipt?.lines ?? [], actor), "receive");
    },

    async cancel(id: string, actor: Actor): Promise<TransferOutcome<Transfer>> {
      return outcomeOf(await transfers.cancel(id, actor), "cancel");
    },
  };
}

export type TransferRules = ReturnType<typeof createTransferRules>;
