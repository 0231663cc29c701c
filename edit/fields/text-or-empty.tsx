/**
 * A text field that writes "" when emptied: an Instagram handle of "" hides the link, where
 * Keystatic's own text field would leave the field out (which the content check refuses).
 */
import type { BasicFormField, FormFieldStoredValue } from "@keystatic/core";
import { TextField } from "@keystar/ui/text-field";

export function textOrEmpty({ label, description }: { label: string; description: string }): BasicFormField<string> {
  return {
    kind: "form",
    label,
    Input: ({ value, onChange, autoFocus }) => (
      <TextField label={label} description={description} value={value} onChange={onChange} autoFocus={autoFocus} />
    ),
    defaultValue: () => "",
    parse: (value: FormFieldStoredValue) => (typeof value === "string" ? value : ""),
    serialize: (value) => ({ value }),
    validate: (value) => value,
    reader: { parse: (value) => (typeof value === "string" ? value : "") },
  };
}
