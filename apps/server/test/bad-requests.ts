// Over 300 lines: the fuzz suite's generators of hostile input from each route's schema (bodies, queries, parameters), which only make sense read together.
import fc from "fast-check";
import type { HTTPMethods } from "fastify";
import { z } from "zod";
import {
  badPathTail,
  badPriceJson,
  badSegment,
  badWholeNumberJson,
  deeplyNestedJson,
  hostileText,
  hugeText,
  notAnObjectJson,
  notJson,
  percentEncode,
  privilegedField,
  prototypePoison,
  wrongContentType,
  wrongTypeJson,
} from "./hostile-input.ts";

/**
 * Requests that must be refused, generated for any route from what its schemas say it takes:
 * each carries at least one defect in a part the route validates (a path id, the body, the
 * query), so answering it with a change to stored data is a bug whatever else the request holds.
 * One file past the usual size: the body, query and path generators share one model of a field.
 */

export type Caller = "anonymous" | "cookie" | "bearer";

/** How a field is checked, guessed from its JSON Schema and its name. */
type FieldKind = "whole" | "price" | "text" | "secret" | "email" | "flag" | "other";

export interface InputShape {
  readonly fields: Readonly<Record<string, FieldKind>>;
  readonly required: readonly string[];
  /** Unknown fields are refused (a zod strictObject), so one is a defect on its own. */
  readonly strict: boolean;
}

export interface FuzzTarget {
  readonly method: HTTPMethods;
  /** The route's pattern: `:name` segments and a `*` tail are filled with hostile values. */
  readonly path: string;
  readonly body: InputShape | undefined;
  readonly query: InputShape | undefined;
}

const WHOLE_NUMBER_FIELDS = new Set([
  "quantity",
  "reorderPoint",
  "amount",
  "updatedQuantity",
  "newNumber",
  "previousQuantity",
  "limit",
]);

interface JsonSchemaNode {
  type?: string | string[];
  properties?: Record<string, JsonSchemaNode>;
  required?: string[];
  additionalProperties?: unknown;
  allOf?: JsonSchemaNode[];
  anyOf?: JsonSchemaNode[];
}

function kindOf(name: string, node: JsonSchemaNode): FieldKind {
  if (WHOLE_NUMBER_FIELDS.has(name)) return "whole";
  if (name === "price") return "price";
  if (/password/i.test(name)) return "secret";
  if (/email/i.test(name)) return "email";
  if (node.type === "boolean") return "flag";
  if (node.type === "string") return "text";
  if (node.type === "number" || node.type === "integer") return "whole";
  return "other";
}

/** The object a zod schema describes (the first object of a union, all parts of an `and`). */
export function inputShapeOf(schema: unknown): InputShape | undefined {
  if (!(schema instanceof z.ZodType)) return undefined;
  let root: JsonSchemaNode;
  try {
    root = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchemaNode;
  } catch {
    return undefined;
  }
  const parts = root.allOf ?? [root.anyOf?.find((part) => part.properties) ?? root];
  const fields: Record<string, FieldKind> = {};
  const required: string[] = [];
  for (const part of parts) {
    for (const [name, node] of Object.entries(part.properties ?? {})) {
      fields[name] = kindOf(name, node);
    }
    required.push(...(part.required ?? []));
  }
  return { fields, required, strict: parts.every((part) => part.additionalProperties === false) };
}

/** A value each kind of field takes (raw JSON), so a defect elsewhere is the only one. */
function plausibleJson(name: string, kind: FieldKind): string {
  if (name === "photo") return '"/images/bikes/vespa-gts-300.svg"';
  if (name === "callbackURL") return '"/"';
  if (name === "provider") return '"github"';
  const byKind: Record<FieldKind, string> = {
    whole: "1",
    price: '"10.00"',
    // Never the right password: no request here may change one.
    secret: '"wrong password 123"',
    email: '"fuzz-nobody@example.com"',
    flag: "false",
    text: '"Fuzz text"',
    other: '"fuzz"',
  };
  return byKind[kind];
}

/** Raw JSON no field of this kind takes. */
function badFieldJson(kind: FieldKind): fc.Arbitrary<string> {
  const hostile = hostileText.map((text) => JSON.stringify(text));
  const huge = hugeText.map((text) => JSON.stringify(text));
  switch (kind) {
    case "whole":
      return fc.oneof(badWholeNumberJson, wrongTypeJson);
    case "price":
      return fc.oneof(badPriceJson, wrongTypeJson);
    case "flag":
      return fc.constantFrom('"true"', "1", "{}", "[]", '"yes"');
    case "secret":
      return fc.oneof(wrongTypeJson, fc.constantFrom("12345", "-1.5"), huge);
    case "text":
    case "email":
    case "other":
      return fc.oneof(wrongTypeJson, fc.constantFrom("12345", "-1.5"), hostile, huge);
  }
}

const objectJson = (entries: readonly string[]) => `{${entries.join(",")}}`;
const entry = (name: string, json: string) => `${JSON.stringify(name)}:${json}`;

interface Body {
  readonly contentType: string | undefined;
  readonly text: string;
  readonly defect: string;
}

const asJson = (text: string, defect: string): Body => ({
  contentType: "application/json",
  text,
  defect,
});

/** A body this shape refuses, with a word on why. */
function badBody(shape: InputShape): fc.Arbitrary<Body> {
  const names = Object.keys(shape.fields);
  const plausible = names.map((name) => entry(name, plausibleJson(name, shape.fields[name]!)));
  const choices: fc.Arbitrary<Body>[] = [
    notAnObjectJson.map((text) => asJson(text, "not an object")),
    notJson.map((text) => asJson(text, "not JSON")),
    deeplyNestedJson.map((text) => asJson(text, "deeply nested")),
    wrongContentType.map((contentType) => ({
      contentType,
      text: objectJson(plausible),
      defect: `content type ${contentType}`,
    })),
  ];
  if (names.length > 0) {
    choices.push(
      fc
        .tuple(fc.constantFrom(...names), deeplyNestedJson)
        .map(([name, nested]) =>
          asJson(
            objectJson(
              names.map((other) =>
                other === name ? entry(name, nested) : plausible[names.indexOf(other)]!,
              ),
            ),
            `${name} deeply nested`,
          ),
        ),
      fc
        .constantFrom(...names)
        .chain((name) =>
          badFieldJson(shape.fields[name]!).map((json) =>
            asJson(
              objectJson(
                names.map((other, index) =>
                  other === name ? entry(name, json) : plausible[index]!,
                ),
              ),
              `${name} invalid`,
            ),
          ),
        ),
    );
  }
  if (shape.required.length > 0) {
    choices.push(
      fc
        .constantFrom(...shape.required)
        .map((missing) =>
          asJson(
            objectJson(plausible.filter((_, index) => names[index] !== missing)),
            `${missing} missing`,
          ),
        ),
    );
  }
  if (shape.strict) {
    // Where unknown fields are refused anyway; elsewhere they only go beside another defect.
    choices.push(
      prototypePoison.map((poison) => asJson(objectJson([...plausible, poison]), "prototype key")),
      fc
        .constantFrom("unknown", "Name", "extra\u0000")
        .map((name) =>
          asJson(
            objectJson([...plausible, entry(name, "1")]),
            `unknown field ${JSON.stringify(name)}`,
          ),
        ),
    );
  }
  // A privileged field or a prototype key beside the defect, in case a route copies the body.
  return fc
    .tuple(fc.oneof(...choices), fc.option(fc.oneof(privilegedField, prototypePoison)))
    .map(([body, extra]) =>
      extra &&
      body.contentType === "application/json" &&
      body.text.startsWith("{") &&
      body.text.endsWith("}") &&
      body.text.length > 2
        ? { ...body, text: `${body.text.slice(0, -1)},${extra}}` }
        : body,
    );
}

/** A body for a route that checks none: anything at all, or nothing. */
const anyBody: fc.Arbitrary<Body | undefined> = fc.option(
  fc.oneof(
    notAnObjectJson.map((text) => asJson(text, "junk")),
    notJson.map((text) => asJson(text, "junk")),
    deeplyNestedJson.map((text) => asJson(text, "junk")),
    fc.tuple(wrongContentType, fc.string({ maxLength: 40 })).map(([contentType, text]) => ({
      contentType,
      text,
      defect: "junk",
    })),
  ),
);

const plausibleQueryValue: Record<FieldKind, string> = {
  whole: "1",
  price: "10",
  secret: "x",
  email: "fuzz-nobody%40example.com",
  flag: "false",
  text: "fuzz",
  other: "fuzz",
};

/** A query value no field of this kind takes (already encoded). */
function badQueryValue(kind: FieldKind): fc.Arbitrary<string> {
  const text = fc.oneof(
    hostileText.map(percentEncode),
    fc.constantFrom(3_000, 20_000).map((length) => "a".repeat(length)),
    fc.constantFrom("%00", "%ED%A0%80", "%C0%80", "%E2%80%AE"),
  );
  if (kind === "whole")
    return fc.constantFrom("abc", "-1", "1.5", "1e999", "", "0x10", "%00", "1%00");
  if (kind === "email") return fc.oneof(fc.constantFrom("not-an-email", "a%40b"), text);
  if (kind === "flag") return fc.constantFrom("maybe", "%00");
  return text;
}

/** A query string this shape refuses: an unknown parameter, a bad value, or one given twice. */
function badQuery(shape: InputShape): fc.Arbitrary<{ text: string; defect: string }> {
  const names = Object.keys(shape.fields);
  const plausible = fc
    .subarray(names)
    .map((chosen) =>
      chosen.map(
        (name) => `${encodeURIComponent(name)}=${plausibleQueryValue[shape.fields[name]!]}`,
      ),
    );
  const choices: fc.Arbitrary<{ pairs: string[]; defect: string }>[] = [];
  if (shape.strict) {
    choices.push(
      fc
        .constantFrom("unknown", "extra", "LIMIT", "limit%00", "a%5Bb%5D", "%00", "q%20")
        .map((name) => ({ pairs: [`${name}=1`], defect: `unknown parameter ${name}` })),
    );
  }
  if (names.length > 0) {
    choices.push(
      fc.constantFrom(...names).chain((name) =>
        badQueryValue(shape.fields[name]!).map((value) => ({
          pairs: [`${encodeURIComponent(name)}=${value}`],
          defect: `${name} invalid`,
        })),
      ),
      fc.constantFrom(...names).map((name) => {
        const pair = `${encodeURIComponent(name)}=${plausibleQueryValue[shape.fields[name]!]}`;
        return { pairs: [pair, pair], defect: `${name} repeated` };
      }),
    );
  }
  return fc.tuple(fc.oneof(...choices), plausible).map(([bad, others]) => {
    const badNames = new Set(bad.pairs.map((pair) => pair.split("=")[0]));
    const rest = others.filter((pair) => !badNames.has(pair.split("=")[0]));
    return { text: [...rest, ...bad.pairs].join("&"), defect: bad.defect };
  });
}

/** Query junk for a route that checks no query: it must not matter. */
const anyQuery = fc.option(
  fc
    .array(
      fc.tuple(
        fc.constantFrom("unknown", "__proto__", "constructor", "toString", "a%5Bb%5D", "%00"),
        fc.oneof(
          hostileText.map(percentEncode),
          fc.constantFrom("1", "%", "%zz", "a".repeat(5_000)),
        ),
      ),
      { minLength: 1, maxLength: 3 },
    )
    .map((pairs) => pairs.map(([name, value]) => `${name}=${value}`).join("&")),
);

/** One generated request; printed compactly when fast-check reports it. */
export class FuzzRequest {
  readonly method: HTTPMethods;
  readonly url: string;
  readonly caller: Caller;
  readonly remoteAddress: string;
  readonly body: Body | undefined;
  /** Which part carries the defect that must get the request refused. */
  readonly defect: string;

  constructor(fields: Omit<FuzzRequest, typeof fc.toStringMethod>) {
    this.method = fields.method;
    this.url = fields.url;
    this.caller = fields.caller;
    this.remoteAddress = fields.remoteAddress;
    this.body = fields.body;
    this.defect = fields.defect;
  }

  [fc.toStringMethod](): string {
    const clip = (text: string) =>
      text.length > 300 ? `${text.slice(0, 300)}… (${text.length} characters)` : text;
    const body = this.body
      ? ` ${this.body.contentType ?? "no content type"} ${JSON.stringify(clip(this.body.text))}`
      : "";
    return `${this.method} ${clip(this.url)} as ${this.caller} from ${this.remoteAddress} [${this.defect}]${body}`;
  }
}

type Part = "params" | "body" | "query";

/**
 * Requests to `target` with at least one defect in a part it validates; `realIds` are ids of
 * stored bikes, used in the path only when the defect lies elsewhere.
 */
export function badRequestsFor(
  target: FuzzTarget,
  realIds: readonly string[],
): fc.Arbitrary<FuzzRequest> {
  const segments = target.path.split("/");
  const params = segments.filter((segment) => segment.startsWith(":"));
  const hasTail = segments.at(-1) === "*";
  const sendsBody = target.method !== "GET" && target.method !== "HEAD";
  const parts: Part[] = [];
  if (params.length > 0 || hasTail) parts.push("params");
  if (sendsBody && target.body) parts.push("body");
  if (target.query) parts.push("query");

  return fc
    .constantFrom<Part | "none">(...(parts.length ? parts : ["none" as const]))
    .chain((bad) => {
      const realId = realIds.length ? fc.constantFrom(...realIds) : badSegment(realIds);
      const segment =
        bad === "params" ? badSegment(realIds) : fc.oneof(badSegment(realIds), realId);
      const path = fc
        .tuple(
          fc.array(segment, { minLength: params.length, maxLength: params.length }),
          badPathTail,
        )
        .map(([values, tail]) => {
          let index = 0;
          return segments
            .map((part) => (part.startsWith(":") ? values[index++]! : part === "*" ? tail : part))
            .join("/");
        });
      const body: fc.Arbitrary<Body | undefined> = !sendsBody
        ? fc.constant(undefined)
        : target.body && bad === "body"
          ? badBody(target.body)
          : target.body
            ? fc.option(badBody(target.body))
            : anyBody;
      const query: fc.Arbitrary<{ text: string; defect: string } | null> =
        target.query && bad === "query"
          ? badQuery(target.query)
          : target.query
            ? fc.option(badQuery(target.query))
            : anyQuery.map((text) => (text === null ? null : { text, defect: "junk" }));
      return fc
        .record({
          path,
          body,
          query,
          caller: fc.constantFrom<Caller>("anonymous", "cookie", "bearer"),
          remoteAddress: fc.ipV4(),
        })
        .map(
          (request) =>
            new FuzzRequest({
              method: target.method,
              url: request.query ? `${request.path}?${request.query.text}` : request.path,
              caller: request.caller,
              remoteAddress: request.remoteAddress,
              body: request.body ?? undefined,
              defect:
                bad === "body"
                  ? `body: ${request.body?.defect}`
                  : bad === "query"
                    ? `query: ${request.query?.defect}`
                    : bad === "params"
                      ? "path"
                      : "none",
            }),
        );
    });
}
