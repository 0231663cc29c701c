/**
 * A reel's captions in one language, attached in the browser: saved with the reel into
 * media/.uploads/ as captions--{language}.{vtt|srt}, checked by the save's gate as the reel's captions
 * in that language, then filed as app/content/reels/{slug}.{language}.{format} (edit/server/captions-uploads.ts),
 * in place of that language's file. Or the removal of a language the reel has captions in, saved as
 * captions--{language}.remove. One language a save; the reel's file itself says nothing of it.
 */
import type { AssetFormField } from "@keystatic/core";
import { ActionButton } from "@keystar/ui/button";
import { Flex } from "@keystar/ui/layout";
import { TextField } from "@keystar/ui/text-field";
import { Text } from "@keystar/ui/typography";
import { useRef } from "react";

import { isLanguageTag } from "#model/content-files.ts";
import { captionsUploadName } from "#edit/upload-names.ts";
import { UPLOADS_DIR } from "#edit/upload-rules.ts";
import { useEntryStatus } from "./use-entry-status.ts";

interface CaptionsValue {
  lang: string;
  upload?: { bytes: Uint8Array; format: "vtt" | "srt"; name: string };
  /** The reel's captions in `lang` are to be removed. */
  remove?: boolean;
}

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
    serialize: ({ lang, upload, remove }) => ({
      value: undefined,
      asset: remove
        ? { filename: captionsUploadName(lang, "remove"), content: new TextEncoder().encode("remove\n") }
        : upload && { filename: captionsUploadName(lang, upload.format), content: upload.bytes },
    }),
    validate: (value) => {
      if ((value.upload || value.remove) && !isLanguageTag(value.lang))
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
  // Asked again once a save has taken what was chosen (the field then starts over with none).
  const chosen = Boolean(value.upload || value.remove);
  const captions = useEntryStatus(chosen)?.captions ?? {};

  async function choose(file: File | undefined) {
    if (!file) return;
    const format = file.name.toLowerCase().endsWith(".srt") ? "srt" : "vtt";
    onChange({
      lang: value.lang,
      upload: { bytes: new Uint8Array(await file.arrayBuffer()), format, name: file.name },
    });
  }

  return (
    <Flex direction="column" gap="regular">
      <Text weight="semibold">{label}</Text>
      <Text size="small" color="neutralSecondary">
        {description}
      </Text>
      {Object.entries(captions).map(([lang, file]) =>
        value.remove && value.lang === lang ? (
          <Flex key={lang} gap="regular" alignItems="center">
            <Text>{file}: removed when you save</Text>
            <ActionButton onPress={() => onChange({ lang: "" })}>Keep {lang}</ActionButton>
          </Flex>
        ) : (
          <Flex key={lang} gap="regular" alignItems="center">
            <Text>{file}</Text>
            <ActionButton onPress={() => onChange({ lang, remove: true })}>Remove {lang}</ActionButton>
          </Flex>
        ),
      )}
      <Flex gap="regular" alignItems="end">
        <TextField
          label="Language"
          description="en, fr, pt-BR…"
          value={value.remove ? "" : value.lang}
          onChange={(lang) => onChange({ lang: lang.trim(), upload: value.upload })}
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
