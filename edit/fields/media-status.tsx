/**
 * What the media build has made of the entry open on the screen ("clip not made yet"), and the
 * content check's word on its file once its media are made; polled while a build runs.
 */
import { Notice } from "@keystar/ui/notice";
import { Content } from "@keystar/ui/slots";
import { Text } from "@keystar/ui/typography";
import { useEffect, useState } from "react";

import type { EntryStatus } from "../upload-rules.ts";

/** The entry in Keystatic's address: /keystatic/collection/{collection}/item/{id}; none while creating one. */
function openEntry(): string | undefined {
  const match = /\/collection\/([^/]+)\/item\/([^/]+)/.exec(window.location.pathname);
  return match ? `${match[1]}/${decodeURIComponent(match[2])}` : undefined;
}

export function MediaStatus() {
  const entry = openEntry();
  const [status, setStatus] = useState<EntryStatus>();

  useEffect(() => {
    if (!entry) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const controller = new AbortController();
    const poll = async () => {
      const response = await fetch(`/edit/api/status?entry=${encodeURIComponent(entry)}`, {
        signal: controller.signal,
      });
      const next = (await response.json()) as EntryStatus;
      setStatus(next);
      if (next.build.state === "running") timer = setTimeout(() => void poll(), 2000);
    };
    poll().catch(() => undefined);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [entry]);

  if (!entry) return <Text size="small">Nothing is made yet: the media are made when you save.</Text>;
  if (!status) return null;
  const missing = status.media.filter((output) => !output.made);
  const tone =
    status.build.state === "failed" || status.problems.length > 0
      ? "critical"
      : missing.length > 0
        ? "caution"
        : "positive";
  return (
    <Notice tone={tone}>
      <Content>
        <Text>
          {status.build.state === "running"
            ? "Making the media… the preview shows them when this is done."
            : status.media.length === 0
              ? "No media yet: attach a file and save."
              : missing.length === 0
                ? "All media made."
                : `${missing.map((output) => output.label).join(", ")} not made yet.`}
        </Text>
        {status.build.message && <Text>{status.build.message}</Text>}
        {status.problems.map((problem) => (
          <Text key={problem}>{problem}</Text>
        ))}
      </Content>
    </Notice>
  );
}
