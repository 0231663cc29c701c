/**
 * The text below a Markdown file's front matter, edited as plain text and written back byte for
 * byte: Keystatic's Markdoc and MDX fields would re-serialise it (escapes, joined lines), and the
 * site reads it as text with its line breaks (content-check/read.ts), not as Markdown.
 */
import type { ContentFormField } from "@keystatic/core";
import { TextArea } from "@keystar/ui/text-field";

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export function plainBody({
  label,
  description,
}: {
  label: string;
  description: string;
}): ContentFormField<string, string, string> {
  return {
    kind: "form",
    formKind: "content",
    contentExtension: ".md",
    Input: ({ value, onChange, autoFocus }) => (
      <TextArea
        label={label}
        description={description}
        value={value}
        onChange={onChange}
        autoFocus={autoFocus}
        height="scale.3400"
      />
    ),
    defaultValue: () => "",
    // The files keep a blank line between the front matter and the text, and end with a line break;
    // a file without text ends with the front matter.
    parse: (_value, { content }) => (content ? decoder.decode(content) : "").replace(/^\n/, ""),
    serialize: (value) => ({
      content: encoder.encode(value === "" ? "" : `\n${value.replace(/\n*$/, "\n")}`),
      other: new Map(),
      external: new Map(),
      value: undefined,
    }),
    validate: (value) => value,
    reader: { parse: (_value, { content }) => (content ? decoder.decode(content) : "") },
  };
}
