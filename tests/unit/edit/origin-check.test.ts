/**
 * Where a change may come from (edit/http/origin-check.ts): a browser's page elsewhere is refused on
 * both screens; a request without an Origin (a tool) only on the team's service.
 */
import type { IncomingMessage } from "node:http";

import { describe, expect, test } from "vitest";

import { fromElsewhere } from "#edit/http/origin-check.ts";

const ORIGINS = ["http://127.0.0.1:4000", "http://localhost:4000"];
const asked = (method: string, origin?: string) =>
  ({ method, headers: origin === undefined ? {} : { origin } }) as IncomingMessage;

describe("a change's origin", () => {
  test.each([
    ["GET", "https://elsewhere.example", false, false],
    ["HEAD", undefined, true, false],
    ["POST", "http://127.0.0.1:4000", true, false],
    ["DELETE", "http://localhost:4000", false, false],
    ["POST", "https://elsewhere.example", false, true],
    ["POST", "http://127.0.0.1:4001", false, true],
    ["POST", "null", false, true],
    ["PUT", undefined, false, false],
    ["PUT", undefined, true, true],
  ] as const)("%s from %s (an Origin required: %s) is refused: %s", (method, origin, required, refused) => {
    expect(fromElsewhere(asked(method, origin), ORIGINS, required)).toBe(refused);
  });
});
