/**
 * `focus: { x, y }`, where the media build crops a tile around, or nothing: Keystatic's own object
 * field would write `focus: {}` when left empty, and its conditional field a discriminant.
 */
import type { BasicFormField, FormFieldStoredValue } from "@keystatic/core";
import { Flex } from "@keystar/ui/layout";
import { NumberField } from "@keystar/ui/number-field";

type Point = { x: number | null; y: number | null };

const numberOr = (value: unknown) => (typeof value === "number" ? value : null);

export function focusPoint({ label, description }: { label: string; description: string }): BasicFormField<Point> {
  return {
    kind: "form",
    label,
    Input: ({ value, onChange }) => (
      <Flex gap="large" wrap alignItems="end">
        {(["x", "y"] as const).map((axis) => (
          <NumberField
            key={axis}
            label={`${label}: ${axis === "x" ? "across (0 left, 1 right)" : "down (0 top, 1 bottom)"}`}
            description={axis === "x" ? description : undefined}
            value={value[axis] ?? NaN}
            minValue={0}
            maxValue={1}
            step={0.05}
            onChange={(next) => onChange({ ...value, [axis]: Number.isNaN(next) ? null : next })}
          />
        ))}
      </Flex>
    ),
    defaultValue: () => ({ x: null, y: null }),
    parse: (value: FormFieldStoredValue) => {
      const point = typeof value === "object" && value !== null && !Array.isArray(value) ? value : {};
      return { x: numberOr((point as Record<string, unknown>).x), y: numberOr((point as Record<string, unknown>).y) };
    },
    // Half a point is no point: the content check names the missing one.
    serialize: ({ x, y }) => ({
      value: x === null && y === null ? undefined : { ...(x !== null && { x }), ...(y !== null && { y }) },
    }),
    validate: (value) => value,
    reader: { parse: () => ({ x: null, y: null }) },
  };
}
