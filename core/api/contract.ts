import { z } from 'zod';

/*
 * zod compiles a fast parser for each object schema with `new Function` when it may, and finds out
 * whether it may by calling it once: under Folio's CSP (no 'unsafe-eval') the browser refuses that
 * probe and reports it as a violation. The browser only checks small forms, so it goes without the
 * compiled path. Set here, before any contract module builds its schemas: each imports `contract` from this one.
 */
if (typeof document !== 'undefined') z.config({ jitless: true });

/**
 * One action's contract, shared by the server, the web app and the tests: its name
 * (`controller/action` as the spec lists it), its input schema (zod, which runs in the browser too)
 * and the wire type it answers. The server's `action()` takes it, so a handler that answers another
 * shape does not compile; the web client's `call(name, input)` and the test client take their types
 * from it.
 */
export interface Contract<N extends string = string, S extends z.ZodType = z.ZodType, O = unknown> {
  readonly name: N;
  readonly input: S;
  /** Type only: the answer's `data` (never set at run time). */
  readonly output?: O;
}

/**
 * `contract<PageView>()('page/info', z.object({ page_id: zId }).loose())`: two calls, so the answer
 * type is written and the name and schema are inferred.
 */
export function contract<O>() {
  return <const N extends string, S extends z.ZodType>(name: N, input: S): Contract<N, S, O> => ({ name, input });
}

/**
 * The answer of an action that sends a file, an image, plain text or a redirect instead of the JSON
 * envelope: its handler must return a raw response, and clients reach it by URL, never by `call`.
 */
export type FileAnswer = never;

/** What an action answers in `data`. */
export type OutputOf<C> = C extends Contract<string, z.ZodType, infer O> ? O : never;
/** What a client sends: the schema's input (ShowDoc's loose inputs also take extra fields). */
export type InputOf<C> = C extends Contract<string, infer S, unknown> ? z.input<S> : never;

/** The answer of an action that only reports success: ShowDoc's empty `data`, `[]`. */
export type NoData = never[];
