/**
 * A media source attached in the browser (a director's clip, a work's film, a bio photo): saved
 * with the entry into media/.uploads/, which the editing server files where `npm run media` reads
 * it (edit/server/upload-slots.ts) before it makes the entry's media. What the media build has
 * made of the entry so far shows under the field (edit/fields/media-status.tsx).
 */
import type { AssetFormField, FormFieldStoredValue } from "@keystatic/core";
import { ActionButton } from "@keystar/ui/button";
import { Flex } from "@keystar/ui/layout";
import { Text } from "@keystar/ui/typography";
import { useId, useRef, useState } from "react";

import { SOURCE_EXTENSIONS } from "#model/media-paths.ts";
import { sourceUploadName } from "#edit/upload-names.ts";
import { MAX_UPLOAD_BYTES, type UploadKind, UPLOADS_DIR } from "#edit/upload-rules.ts";
import { MediaStatus } from "./media-status.tsx";

interface Upload {
  bytes: Uint8Array;
  extension: string;
  name: string;
}

/** `kept`: what the entry says of this source (a bio photo's `true`, the agent's photo's path), if the field writes one. */
export interface SourceValue {
  kept?: string | true;
  upload?: Upload;
}

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

const MB = 1024 * 1024;

export function sourceUpload(options: Options): AssetFormField<SourceValue, SourceValue, null> {
  return {
    kind: "form",
    formKind: "asset",
    label: options.label,
    directory: UPLOADS_DIR,
    Input: (props) => <SourceInput {...options} value={props.value} onChange={props.onChange} />,
    defaultValue: () => ({}),
    // A source already in media/ is not loaded into the browser: only a new one is sent.
    filename: () => undefined,
    parse: (value: FormFieldStoredValue) => ({ kept: typeof value === "string" || value === true ? value : undefined }),
    serialize: ({ kept, upload }, { slug, suggestedFilenamePrefix }) => {
      const written = upload && options.written && slug !== undefined ? options.written(slug) : kept;
      if (!upload) return { value: written, asset: undefined };
      const filename = sourceUploadName(options.kind, suggestedFilenamePrefix ?? options.kind, upload.extension);
      return { value: written, asset: { filename, content: upload.bytes } };
    },
    validate: (value) => value,
    reader: { parse: () => null },
  };
}

function SourceInput(props: Options & { value: SourceValue; onChange(value: SourceValue): void }) {
  const { label, description, accept, value, onChange } = props;
  const input = useRef<HTMLInputElement>(null);
  const [refused, setRefused] = useState<string>();
  const id = useId();

  async function choose(file: File | undefined) {
    if (!file) return;
    if (file.size > MAX_UPLOAD_BYTES) {
      setRefused(
        `${file.name} is ${Math.round(file.size / MB)} MB; the screen takes up to ${MAX_UPLOAD_BYTES / MB} MB. ` +
          "Put a larger film in media/ and run npm run media (docs/media.md).",
      );
      return;
    }
    setRefused(undefined);
    const extension = file.name.slice(file.name.lastIndexOf(".") + 1).toLowerCase();
    onChange({ ...value, upload: { bytes: new Uint8Array(await file.arrayBuffer()), extension, name: file.name } });
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
        <ActionButton aria-describedby={id} onPress={() => input.current?.click()}>
          {value.upload ? "Choose another file" : "Choose a file"}
        </ActionButton>
        {value.upload && (
          <Text>
            {value.upload.name} ({(value.upload.bytes.byteLength / MB).toFixed(1)} MB), made when you save
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
      {refused && (
        <Text color="critical" role="alert">
          {refused}
        </Text>
      )}
      {props.status && <MediaStatus />}
    </Flex>
  );
}
