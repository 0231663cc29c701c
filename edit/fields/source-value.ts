/**
 * What a source field (source-upload.tsx) holds, and how choosing a file changes it. A file is sent
 * as soon as it is chosen, before the entry's save names it: until it is up, the field says so, and
 * Keystatic's check of the field, which runs before a work's dialog adds the work and before the
 * entry is saved, refuses it. Otherwise a work's dialog closed while its photograph was still being
 * sent took the work without it, and the save made every medium of the entry but that one.
 */

/** A file the server holds, streamed under the `token` it gave, until the save names it. */
export interface Upload {
  token: string;
  extension: string;
  name: string;
  bytes: number;
}

/**
 * `kept`: what the entry says of this source (a bio photo's `true`, the agent's photo's path), if the
 * field writes one; `upload`: a file sent for it; `sending`: the name of a file being sent for it now.
 */
export interface SourceValue {
  kept?: string | true;
  upload?: Upload;
  sending?: string;
}

/** Why a field whose file is still being sent cannot be added or saved yet. */
export const stillSending = (name: string): string =>
  `${name} is still being sent: wait until it says “made when you save”, then add or save.`;

/** Keystatic's check of the field: a file still being sent stops the dialog's Add and the entry's Save. */
export function validateSource(value: SourceValue): SourceValue {
  if (value.sending !== undefined) throw new Error(stillSending(value.sending));
  return value;
}

/**
 * Sends `file` for the field whose value is `value`: the field says at once that it is being sent,
 * then names the upload `send` made (its token), or, if `send` fails, holds what it held before (the
 * error is the caller's to show).
 */
export async function sendSource(
  file: File,
  value: SourceValue,
  onChange: (value: SourceValue) => void,
  send: (file: File, extension: string) => Promise<string>,
): Promise<void> {
  const { kept, upload } = value;
  const extension = file.name.slice(file.name.lastIndexOf(".") + 1).toLowerCase();
  onChange({ kept, upload, sending: file.name });
  try {
    const token = await send(file, extension);
    onChange({ kept, upload: { token, extension, name: file.name, bytes: file.size } });
  } catch (error) {
    onChange({ kept, upload });
    throw error;
  }
}
