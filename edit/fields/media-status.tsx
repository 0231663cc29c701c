/**
 * What the media build has made of the entry open on the screen ("clip not made yet"), the
 * content check's word on its file once its media are made, and where the editor's last save of it
 * is (pushed, live on the site…); polled while a build runs or the save is on its way.
 */
import { Notice } from "@keystar/ui/notice";
import { Content } from "@keystar/ui/slots";
import { Text } from "@keystar/ui/typography";

import { openEntry, useEntryStatus } from "./use-entry-status.ts";

/** `asked`: the status is asked again each time it changes (useEntryStatus). */
export function MediaStatus({ asked }: { asked: unknown }) {
  const entry = openEntry();
  const status = useEntryStatus(asked);

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
            ? (status.build.message ?? "Making the media… the preview shows them when this is done.")
            : status.media.length === 0
              ? "No media yet: attach a file and save."
              : missing.length === 0
                ? "All media made."
                : `${missing.map((output) => output.label).join(", ")} not made yet.`}
        </Text>
        {status.build.message && status.build.state !== "running" && <Text>{status.build.message}</Text>}
        {status.problems.map((problem) => (
          <Text key={problem}>{problem}</Text>
        ))}
      </Content>
    </Notice>
  );
}
