/** An AWS SDK client of s3rver, for the tests that publish to it (tests/unit/media/). */
import { S3Client } from "@aws-sdk/client-s3";

/** Sees each command before it is sent, with its input; may throw to make it fail. */
export type CommandHook = (command: string, input: Record<string, unknown>) => void | Promise<void>;

/** A client of the s3rver at `endpoint` (its own key pair, path-style), `hook` told of each command. */
export function s3rverClient(endpoint: string, hook?: CommandHook): S3Client {
  const s3 = new S3Client({
    endpoint,
    forcePathStyle: true,
    region: "us-east-1",
    credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
    // s3rver knows none of the SDK's newer default checksums.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  if (hook)
    s3.middlewareStack.add(
      (next, context) => async (args) => {
        await hook(context.commandName ?? "", args.input as Record<string, unknown>);
        return next(args);
      },
      { step: "initialize", name: "testHook" },
    );
  return s3;
}
