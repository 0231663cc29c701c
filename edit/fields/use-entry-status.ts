/** What the editing server says of the entry open on the screen (GET /edit/api/status), for the fields that show it. */
import { useEffect, useState } from "react";

import { STATUS_PATH } from "#edit/views/editing-paths.ts";
import type { EntryStatus } from "#edit/upload-rules.ts";

/** The entry in Keystatic's address: /keystatic/collection/{collection}/item/{id}; none while creating one. */
export function openEntry(): string | undefined {
  const match = /\/collection\/([^/]+)\/item\/([^/]+)/.exec(window.location.pathname);
  return match ? `${match[1]}/${decodeURIComponent(match[2])}` : undefined;
}

/**
 * The open entry's status, asked when the field appears and again each time `asked` changes (a
 * field asks again once its save is through); polled every 2 s while a media build runs, and while
 * the public site is asked whether it shows the save (edit/server/save-state.ts).
 */
export function useEntryStatus(asked?: unknown): EntryStatus | undefined {
  const entry = openEntry();
  const [status, setStatus] = useState<EntryStatus>();

  useEffect(() => {
    if (!entry) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const controller = new AbortController();
    const poll = async () => {
      const response = await fetch(`${STATUS_PATH}?entry=${encodeURIComponent(entry)}`, {
        signal: controller.signal,
      });
      const next = (await response.json()) as EntryStatus;
      setStatus(next);
      if (next.build.state === "running" || next.build.waiting) timer = setTimeout(() => void poll(), 2000);
    };
    poll().catch(() => undefined);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [entry, asked]);

  return status;
}
