/** What the editing server says of the entry open on the screen (GET /edit/api/status), for the fields that show it. */
import { useEffect, useState } from "react";

import { STATUS_PATH } from "#edit/views/editing-paths.ts";
import { useAskAgain } from "#edit/views/use-ask-again.ts";
import type { EntryStatus } from "#edit/upload-rules.ts";

/** The entry in Keystatic's address: /keystatic/collection/{collection}/item/{id}; none while creating one. */
export function openEntry(): string | undefined {
  const match = /\/collection\/([^/]+)\/item\/([^/]+)/.exec(window.location.pathname);
  return match ? `${match[1]}/${decodeURIComponent(match[2])}` : undefined;
}

/** Whether the status is still moving: media being made, or a save on its way to the remote or the public site. */
const moving = (status: EntryStatus | undefined): boolean =>
  status !== undefined && (status.build.state === "running" || Boolean(status.build.waiting));

/**
 * The open entry's status, asked when the field appears and again each time `asked` changes (a
 * field asks again once its save is through); asked every 2 s while a media build runs, and while
 * the public site is asked whether it shows the save (edit/server/save-state.ts), until it does or
 * refuses it.
 */
export function useEntryStatus(asked?: unknown): EntryStatus | undefined {
  const entry = openEntry();
  const [status, setStatus] = useState<EntryStatus>();
  const [round, setRound] = useState(0);
  useAskAgain(status, moving(status), () => setRound((count) => count + 1));

  useEffect(() => {
    if (!entry) return;
    const controller = new AbortController();
    fetch(`${STATUS_PATH}?entry=${encodeURIComponent(entry)}`, { signal: controller.signal })
      .then((response) => response.json() as Promise<EntryStatus>)
      .then(setStatus)
      .catch(() => undefined);
    return () => controller.abort();
  }, [entry, asked, round]);

  return status;
}
