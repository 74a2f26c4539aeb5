import fastJson from "fast-json-stringify";
import type { FastifySerializerCompiler } from "fastify";
import { z } from "zod";

type Serialize = (data: unknown) => string;

/** Many routes share one schema (every error answer is the same shape): compile each once. */
const compiled = new WeakMap<object, Serialize>();

/**
 * Serializes each answer from its route's response schema: the zod schema becomes JSON Schema
 * once, at start-up, and fast-json-stringify compiles it to a function that writes exactly the
 * declared fields, in the schema's order, and drops any other (so a public read cannot leak a
 * column the contract leaves out). Nothing runs zod on the way out (docs/decisions/010).
 */
export const jsonSchemaSerializerCompiler: FastifySerializerCompiler<unknown> = ({ schema }) => {
  const key = schema as object;
  let serialize = compiled.get(key);
  if (!serialize) {
    const jsonSchema =
      schema instanceof z.core.$ZodType
        ? z.toJSONSchema(schema, { io: "output", target: "draft-07" })
        : schema;
    serialize = fastJson(jsonSchema as fastJson.AnySchema) as Serialize;
    compiled.set(key, serialize);
  }
  return serialize;
};
