export interface BlogArticle {
  /** Stable id used as the article's anchor. */
  slug: string;
  title: string;
  paragraphs: readonly string[];
}

export const blogArticles: readonly BlogArticle[] = [
  {
    slug: "javascript-vs-nodejs",
    title: "JavaScript and Node.js: what is the difference?",
    paragraphs: [
      "JavaScript is a programming language. Its core is standardised as ECMAScript, which defines the syntax, types, objects, functions, promises and modules. The standard deliberately says nothing about files, networks or screens. Those abilities come from whatever host program embeds a JavaScript engine and hands extra objects to your code, so the same language can live in very different places.",
      "A web browser is one such host. It pairs an engine such as V8, SpiderMonkey or JavaScriptCore with Web APIs like the DOM, fetch and localStorage, all inside a security sandbox. Node.js is another host: a runtime built on V8 and the libuv library that exposes the file system, TCP and HTTP servers, child processes, streams and environment variables, but has no DOM and no window object.",
      "In practice this means the language features are shared while the available globals differ. A function that only sorts an array or formats a date runs in both places; code that reads document.title fails in Node, and code that calls fs.readFile cannot run in a browser. Both hosts now support standard ES modules, and Node also keeps its older CommonJS require system. Node ships with npm, the package manager that most front-end tooling also relies on.",
      "Both hosts run your code on a single thread driven by an event loop. Node hands slow I/O to the operating system and carries on with other work, which is why it suits servers that juggle many connections. Long CPU-bound calculations block that loop, so move them to worker threads or another service. In short, Node.js is not a new language or a framework: it is a runtime that lets JavaScript work outside the browser.",
    ],
  },
  {
    slug: "nodejs-with-mongodb",
    title: "When does Node.js with MongoDB make sense?",
    paragraphs: [
      "MongoDB stores documents as BSON, a binary form of JSON, so a record read by the official Node.js driver arrives as a plain JavaScript object. There is no mapping layer between rows and objects, and the same shape can travel from the database through your API to a React client. Together with a flexible schema, that makes the pairing very quick for prototypes and for products whose data model is still settling.",
      "It shines when each request reads or writes one self-contained aggregate: a product with its variants and images, a user profile with settings, an article with its comments, or a stream of events and logs. Catalogues whose items carry different attributes fit naturally into documents. Node's non-blocking I/O keeps many database calls in flight at once, and change streams make live dashboards and notifications straightforward.",
      "It is a weaker choice when the data is heavily relational. Many-to-many links, ad-hoc reports that join several collections, and rules that must hold across entities, such as ledgers or stock reservations, are what relational databases were designed for. MongoDB has supported multi-document transactions since version 4.0, but if nearly every operation needs one, that is a sign the model is fighting the tool. Heavy CPU work is also a poor fit for Node itself.",
      "If you do choose the combination, design documents around your access patterns rather than around entities, create indexes for every frequent query, and keep some structure with MongoDB's JSON Schema validation or a library such as Mongoose or Zod. A flexible schema still needs discipline. And if you only want a little document-style flexibility, PostgreSQL with JSONB columns is a sensible middle ground.",
    ],
  },
  {
    slug: "sql-vs-nosql",
    title: "SQL and NoSQL databases compared",
    paragraphs: [
      "Relational, or SQL, databases such as PostgreSQL, MySQL and SQLite keep data in tables with fixed, typed columns. Rows in different tables are linked by keys, and the database enforces the schema, uniqueness and foreign-key constraints every time data is written. Data is usually normalised, so each fact is stored once, and the SQL language can join, filter and aggregate it in ways nobody planned when the tables were designed.",
      "NoSQL is an umbrella term for several different models. Document stores like MongoDB hold nested JSON-like records; key-value stores like Redis or DynamoDB look values up by key at great speed; wide-column stores like Cassandra absorb huge write volumes; graph databases like Neo4j follow relationships. Schemas tend to be flexible, and data is often denormalised so that one read returns everything a screen needs.",
      "The two families also differ in how they scale and in the guarantees they offer. Relational systems traditionally provide ACID transactions and grow first on a bigger server, with replicas and sharding possible but more involved. Many NoSQL systems were built to partition data across many machines and may offer eventual or tunable consistency. The boundary has blurred, though: PostgreSQL handles JSON well and MongoDB supports transactions.",
      "Choose by looking at the shape of your data and the questions you will ask of it. If you need joins, strong integrity rules and ad-hoc reporting, a relational database is the natural fit and a safe default for most business applications. If you need enormous write throughput, simple lookups by key, highly variable documents or deep graph traversals, pick the NoSQL store built for that pattern.",
    ],
  },
  {
    slug: "json-web-tokens",
    title: "What are JSON Web Tokens for?",
    paragraphs: [
      "A JSON Web Token, defined in RFC 7519, is a compact, URL-safe way to pass a set of claims between two parties. It has three base64url-encoded parts separated by dots: a header naming the signing algorithm, a payload of claims such as sub, iss, aud, iat and exp plus any custom ones like a role, and a signature. The payload is only encoded, not encrypted, so anyone holding the token can read it. Never put secrets inside.",
      "The issuer signs the header and payload, either with a shared secret using HMAC (HS256) or with a private key using RSA or ECDSA (RS256, ES256). A verifier recomputes or checks the signature with the secret or the matching public key; changing a single byte makes verification fail. A server can therefore trust the claims without a database lookup. Always fix the algorithms you accept, reject unsigned tokens, and check the issuer, audience and expiry.",
      "That statelessness is also the main pitfall. A signed token stays valid until its exp time, and the server cannot simply log it out unless it keeps some state, such as a deny list or a per-user token version. The usual answer is short-lived access tokens, lasting minutes, paired with refresh tokens that are stored on the server and can be rotated or revoked. Allow only a small leeway for clock skew.",
      "Where the token is stored matters too. Any script on the page can read localStorage, so a cross-site scripting bug can steal the token. An HttpOnly, Secure, SameSite cookie hides it from scripts but brings cross-site request forgery back into play, which SameSite and CSRF tokens help to contain. Send tokens only over HTTPS, keep them small and never write them to logs. For a single server-rendered app, a plain session id may be simpler.",
    ],
  },
];
