/**
 * A source field's value while its file is sent (edit/fields/source-value.ts): what Keystatic's
 * check of the field, run before a work's dialog adds the work and before the entry's save, makes
 * of it at each moment. The sending is a stand-in whose end the test decides.
 */
import { describe, expect, test } from "vitest";

import { type SourceValue, sendSource, stillSending, validateSource } from "#edit/fields/source-value.ts";

/** A send that ends when the test says: with a token, or refused. */
function heldSend() {
  let settle: { done(token: string): void; fail(error: Error): void } | undefined;
  const send = (_file: File, extension: string) =>
    new Promise<string>((resolve, reject) => {
      expect(extension).toBe("jpg");
      settle = { done: resolve, fail: reject };
    });
  return { send, settle: () => settle! };
}

const photograph = new File([new Uint8Array(2_048)], "Harvest.JPG");
const token = "6f1c2b3a-0000-4000-8000-000000000001.jpg";

/** The values the field was given, in order, and whether Keystatic's check lets each through. */
function field(initial: SourceValue) {
  const values: SourceValue[] = [];
  const passes = (value: SourceValue) => {
    try {
      return validateSource(value) === value;
    } catch {
      return false;
    }
  };
  return { initial, values, onChange: (value: SourceValue) => values.push(value), passes };
}

describe("a work's photograph chosen in its dialog", () => {
  test("while it is sent the field says so and its check refuses it; once up, the field names it and passes", async () => {
    const work = field({});
    const { send, settle } = heldSend();
    const sending = sendSource(photograph, work.initial, work.onChange, send);

    // The dialog's Add, pressed now, is refused with why, rather than taking the work without its photograph.
    expect(work.values).toEqual([{ sending: "Harvest.JPG" }]);
    expect(work.passes(work.values[0])).toBe(false);
    expect(() => validateSource(work.values[0])).toThrow(stillSending("Harvest.JPG"));

    settle().done(token);
    await sending;
    expect(work.values.at(-1)).toEqual({ upload: { token, extension: "jpg", name: "Harvest.JPG", bytes: 2_048 } });
    expect(work.passes(work.values.at(-1)!)).toBe(true);
  });

  test("a file refused by the server leaves the field as it was, the one chosen before still named", async () => {
    const before: SourceValue = { kept: true, upload: { token, extension: "jpg", name: "First.jpg", bytes: 10 } };
    const bio = field(before);
    const { send, settle } = heldSend();
    const sending = sendSource(photograph, bio.initial, bio.onChange, send);
    expect(bio.passes(bio.values[0])).toBe(false);

    settle().fail(new Error("Harvest.JPG was not uploaded: no room"));
    await expect(sending).rejects.toThrow("no room");
    expect(bio.values.at(-1)).toEqual(before);
    expect(bio.passes(bio.values.at(-1)!)).toBe(true);
  });
});
