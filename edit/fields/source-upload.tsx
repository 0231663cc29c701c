/**
 * A media source attached in the browser (a director's clip, a work's film, a bio photo): streamed
 * to the editing server as soon as it is chosen, under a token the server gives for it (or a refusal
 * in its words: too large, no room), with a progress bar (upload-file.ts), then named by
 * the entry's save, which files it where `npm run media` reads it (edit/server/upload-slots.ts)
 * before it makes the entry's media. What the media build has made of the entry so far shows under
 * the field (edit/fields/media-status.tsx).
 */
import type { AssetFormField, FormFieldStoredValue } from "@keystatic/core";
import { ActionButton } from "@keystar/ui/button";
import { Flex } from "@keystar/ui/layout";
import { ProgressBar } from "@keystar/ui/progress";
import { Text } from "@keystar/ui/typography";
import { useId, useRef, useState } from "react";

import { SOURCE_EXTENSIONS } from "#model/media-paths.ts";
import { sourceUploadName, stagedReference } from "#edit/upload-names.ts";
import { MAX_UPLOAD_BYTES, type UploadKind, UPLOADS_DIR, UPLOADS_PATH } from "#edit/upload-rules.ts";
import { MediaStatus } from "./media-status.tsx";
import { type SourceValue, sendSource, stillSending, validateSource } from "./source-value.ts";
import { discardUpload, inWords, startUpload, uploadFile } from "./upload-file.ts";

interface Options {
  label: string;
  description: string;
  kind: UploadKind;
  /** Whether it is a film or a picture: the file types the media build reads for it are offered. */
  accept: "video" | "image";
  /** What the entry says once it has this source (a bio photo's `true`), from its id; none for a derived one. */
  written?: (slug: string) => string | true;
  /** Shows what the media build has made of the whole entry under this field. */
  status?: boolean;
}

export function sourceUpload(options: Options): AssetFormField<SourceValue, SourceValue, null> {
  return {
    kind: "form",
    formKind: "asset",
    label: options.label,
    directory: UPLOADS_DIR,
    Input: (props) => (
      <SourceInput {...options} value={props.value} onChange={props.onChange} forceValidation={props.forceValidation} />
    ),
    defaultValue: () => ({}),
    // A source already in media/ is not loaded into the browser: only a new one is sent.
    filename: () => undefined,
    parse: (value: FormFieldStoredValue) => ({ kept: typeof value === "string" || value === true ? value : undefined }),
    serialize: ({ kept, upload }, { slug, suggestedFilenamePrefix }) => {
      const written = upload && options.written && slug !== undefined ? options.written(slug) : kept;
      if (!upload) return { value: written, asset: undefined };
      const filename = sourceUploadName(options.kind, suggestedFilenamePrefix ?? options.kind, upload.extension);
      return { value: written, asset: { filename, content: stagedReference(upload.token) } };
    },
    validate: validateSource,
    reader: { parse: () => null },
  };
}

interface InputProps extends Options {
  value: SourceValue;
  onChange(value: SourceValue): void;
  /** Keystatic asked for the field's check (a dialog's Add, the entry's Save) and it failed. */
  forceValidation?: boolean;
}

function SourceInput(props: InputProps) {
  const { label, description, accept, value, onChange } = props;
  const input = useRef<HTMLInputElement>(null);
  const [refused, setRefused] = useState<string>();
  const [sending, setSending] = useState<{ name: string; sent: number; total: number }>();
  const id = useId();

  async function choose(file: File | undefined) {
    if (!file) return;
    if (file.size > MAX_UPLOAD_BYTES) {
      setRefused(`${file.name} is ${inWords(file.size)}; the screen takes up to ${inWords(MAX_UPLOAD_BYTES)}.`);
      return;
    }
    setRefused(undefined);
    // The one chosen before is not deleted here: Keystatic may have handed this field (a new work's, in
    // its dialog) the value of another that still names it. Unsaved, it is deleted after a day.
    setSending({ name: file.name, sent: 0, total: file.size });
    let token: string | undefined;
    try {
      await sendSource(file, value, onChange, async (chosen, extension) => {
        token = await startUpload(UPLOADS_PATH, chosen, extension);
        await uploadFile(chosen, `${UPLOADS_PATH}/${token}`, (sent, total) =>
          setSending({ name: chosen.name, sent, total }),
        );
        return token;
      });
    } catch (error) {
      // Given up: what arrived of it is deleted now, not in a day.
      if (token !== undefined) discardUpload(`${UPLOADS_PATH}/${token}`);
      setRefused(error instanceof Error ? error.message : String(error));
    } finally {
      setSending(undefined);
    }
  }

  return (
    <Flex direction="column" gap="regular">
      <Text weight="semibold" elementType="label" id={id}>
        {label}
      </Text>
      <Text size="small" color="neutralSecondary">
        {description}
      </Text>
      <Flex gap="regular" alignItems="center">
        <ActionButton aria-describedby={id} isDisabled={sending !== undefined} onPress={() => input.current?.click()}>
          {value.upload ? "Choose another file" : "Choose a file"}
        </ActionButton>
        {value.upload && value.sending === undefined && (
          <Text>
            {value.upload.name} ({inWords(value.upload.bytes)}), made when you save
          </Text>
        )}
        {value.kept && !value.upload && props.written && (
          <ActionButton onPress={() => onChange({})}>Remove</ActionButton>
        )}
      </Flex>
      <input
        ref={input}
        type="file"
        hidden
        aria-label={label}
        accept={SOURCE_EXTENSIONS[accept].map((extension) => `.${extension}`).join(",")}
        onChange={(event) => void choose(event.target.files?.[0])}
      />
      {sending && (
        <ProgressBar
          label={`Uploading ${sending.name}: save once it is done`}
          value={sending.sent}
          maxValue={Math.max(sending.total, 1)}
          valueLabel={`${inWords(sending.sent)} of ${inWords(sending.total)}`}
        />
      )}
      {props.forceValidation && value.sending !== undefined && (
        <Text color="critical" role="alert">
          {stillSending(value.sending)}
        </Text>
      )}
      {refused && (
        <Text color="critical" role="alert">
          {refused}
        </Text>
      )}
      {/* Once a save is through, Keystatic reads the entry afresh and hands the field a new value: asked again then. */}
      {props.status && <MediaStatus asked={value} />}
    </Flex>
  );
}
