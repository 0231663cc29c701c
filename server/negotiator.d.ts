/** The part of negotiator 0.6.4 the server uses (it ships no types, and @types/negotiator lags its `preferred`). */
declare module "negotiator" {
  import type { IncomingMessage } from "node:http";

  export default class Negotiator {
    constructor(request: Pick<IncomingMessage, "headers">);
    /** The best of `available` by the request's q-values; ties go to the first in `preferred`. */
    encoding<T extends string>(available: readonly T[], preferred?: readonly T[]): T | undefined;
  }
}
