/**
 * A reel's captions file in one language, attached in the browser: saved with the reel into
 * media/.uploads/ as captions--{language}.{vtt|srt}, checked by the save's gate as the reel's captions
 * in that language, then filed as app/content/reels/{slug}.{language}.{format} (edit/server/captions-uploads.ts),
 * in place of that language's file. One language a save; the reel's file itself says nothing of it.
 */
import type { AssetFormField } from "@keystatic/core";
import { ActionButton } from "@keystar/ui/button";
import { Flex } from "@keystar/ui/layout";
import { TextField } from "@keystar/ui/text-field";
import { Text } from "@keystar/ui/typography";
import { useRef } from "react";

import { UPLOADS_DIR } from "../upload-rules.ts";

interface CaptionsValue {
  lang: string;
  upload?: { bytes: Uint8Array; format: "vtt" | "srt"; name: string };
}

const LANGUAGE = /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/;

export function captionsUpload({
  label,
  description,
}: {
  label: string;
  description: string;
}): AssetFormField<CaptionsValue, CaptionsValue, null> {
  return {
    kind: "form",
    formKind: "asset",
    label,
    directory: UPLOADS_DIR,
    Input: ({ value, onChange }) => <CaptionsInput {...{ label, description, value, onChange }} />,
    defaultValue: () => ({ lang: "" }),
    filename: () => undefined,
    // The reel's file says nothing of its captions: each save starts with none chosen.
    parse: () => ({ lang: "" }),
    serialize: ({ lang, upload }) => ({
      value: undefined,
      asset: upload && { filename: `captions--${lang}.${upload.format}`, content: upload.bytes },
    }),
    validate: (value) => {
      if (value.upload && !LANGUAGE.test(value.lang))
        throw new Error(`${label}: give the file's language as a tag, such as en, fr or pt-BR`);
      return value;
    },
    reader: { parse: () => null },
  };
}

function CaptionsInput(props: {
  label: string;
  description: string;
  value: CaptionsValue;
  onChange(value: CaptionsValue): void;
}) {
  const { label, description, value, onChange } = props;
  const input = useRef<HTMLInputElement>(null);

  async function choose(file: File | undefined) {
    if (!file) return;
    const format = file.name.toLowerCase().endsWith(".srt") ? "srt" : "vtt";
    onChange({ ...value, upload: { bytes: new Uint8Array(await file.arrayBuffer()), format, name: file.name } });
  }

  return (
    <Flex direction="column" gap="regular">
      <Text weight="semibold">{label}</Text>
      <Text size="small" color="neutralSecondary">
        {description}
      </Text>
      <Flex gap="regular" alignItems="end">
        <TextField
          label="Language"
          description="en, fr, pt-BR…"
          value={value.lang}
          onChange={(lang) => onChange({ ...value, lang: lang.trim() })}
        />
        <ActionButton onPress={() => input.current?.click()}>
          {value.upload ? "Choose another file" : "Choose a captions file"}
        </ActionButton>
      </Flex>
      {value.upload && <Text>{value.upload.name}: checked and filed when you save</Text>}
      <input
        ref={input}
        type="file"
        hidden
        aria-label={`${label}: file`}
        accept=".vtt,.srt"
        onChange={(event) => void choose(event.target.files?.[0])}
      />
    </Flex>
  );
}
