/** The bucket `npm run media:publish` publishes to: its client, tried once before anything is sent. */
import { HeadBucketCommand, S3Client, S3ServiceException } from "@aws-sdk/client-s3";

import { describeError } from "./s3-errors.ts";
import { SettingError, type Settings } from "./settings.ts";

/**
 * How long the store may take: 10 s to connect, 60 s without a byte either way (a film's upload
 * may take longer in all, never that long silent). A store that hangs fails the call, and the
 * editing service tries the publish again later (edit/server/save-pipeline.ts).
 */
export const BUCKET_TIMEOUTS = { connectionTimeout: 10_000, socketTimeout: 60_000 };

/** A client of the store the settings name, once the store, the bucket (and the sources' own, if set) and the keys answered. */
export async function openBucket(settings: Settings, timeouts = BUCKET_TIMEOUTS): Promise<S3Client> {
  const client = makeClient(settings, timeouts);
  await checkBucket(client, settings, "MEDIA_BUCKET", settings.bucket);
  if (settings.sourcesBucket !== settings.bucket)
    await checkBucket(client, settings, "MEDIA_SOURCES_BUCKET", settings.sourcesBucket);
  return client;
}

function makeClient({ endpoint, region }: Settings, timeouts: typeof BUCKET_TIMEOUTS): S3Client {
  return new S3Client({
    region,
    requestHandler: timeouts,
    ...(endpoint
      ? {
          endpoint,
          forcePathStyle: true,
          // The SDK's default since 2025 adds CRC32 checksums to every upload, which several
          // S3-compatible stores reject; a store's own setting (AWS_REQUEST_CHECKSUM_CALCULATION)
          // still wins. Uploads carry Content-MD5 either way (publish.ts).
          requestChecksumCalculation: process.env.AWS_REQUEST_CHECKSUM_CALCULATION ? undefined : "WHEN_REQUIRED",
          responseChecksumValidation: process.env.AWS_RESPONSE_CHECKSUM_VALIDATION ? undefined : "WHEN_REQUIRED",
        }
      : {}),
  });
}

/** The store, the bucket (`bucket`, from the setting `name`) and the keys, tried once (HeadBucket) before anything: each failure as one line naming its setting. */
async function checkBucket(client: S3Client, settings: Settings, name: string, bucket: string): Promise<void> {
  const where = settings.endpoint ?? `AWS S3 (${settings.region})`;
  try {
    await client.config.credentials();
  } catch {
    throw new SettingError("no credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (or AWS_PROFILE)");
  }
  try {
    await client.send(new HeadBucketCommand({ Bucket: bucket }));
  } catch (error) {
    if (!(error instanceof S3ServiceException)) {
      throw new SettingError(
        `${settings.endpoint ? "MEDIA_ENDPOINT: cannot reach" : "cannot reach"} ${where}: ${describeError(error)}`,
      );
    }
    // A HEAD answer has no body, so the status says what is wrong.
    const status = error.$metadata?.httpStatusCode;
    if (status === 404) throw new SettingError(`${name}: there is no bucket "${bucket}" at ${where}`);
    if (status === 403 || status === 400) {
      throw new SettingError(
        `AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY: ${where} refused them for bucket "${bucket}" (HTTP ${status}; they need s3:ListBucket, GetObject and PutObject on it)`,
      );
    }
    if (status === 301) {
      const region = (error.$response?.headers ?? {})["x-amz-bucket-region"];
      throw new SettingError(
        `AWS_REGION: bucket "${bucket}" is not in ${settings.region}${region ? ` but in ${region}` : ""}`,
      );
    }
    throw new SettingError(`s3://${bucket} at ${where}: ${describeError(error)}`);
  }
}
