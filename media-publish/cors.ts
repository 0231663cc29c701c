/** The bucket's CORS rule, which a browser needs to play HLS from it on the site's pages. */
import {
  type CORSRule,
  GetBucketCorsCommand,
  PutBucketCorsCommand,
  type S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";

import { statusOf } from "./s3-errors.ts";

/**
 * The CORS rule a browser needs to play HLS from the bucket on the site's pages (docs/deploy.md):
 * video.js's engine fetches playlists and segments across origins, with Range, and reads their
 * lengths, ranges and tags.
 */
export function corsRules(origins: readonly string[]): CORSRule[] {
  return [
    {
      AllowedOrigins: [...origins],
      AllowedMethods: ["GET", "HEAD"],
      AllowedHeaders: ["Range"],
      ExposeHeaders: ["Content-Length", "Content-Range", "Accept-Ranges", "ETag"],
      MaxAgeSeconds: 86400,
    },
  ];
}

/** The rules as JSON for an operator to paste, in the layout of docs/deploy.md (lists on one line). */
export function corsJson(rules: CORSRule[]): string {
  return JSON.stringify(rules, null, 2).replace(
    /\[\s+([^[\]{}]*?)\s+\]/g,
    (_, items: string) => `[${items.split(/,\s+/).join(", ")}]`,
  );
}

/**
 * Sets the bucket's CORS configuration to corsRules(origins) (PutBucketCors replaces the whole
 * configuration; the rules it replaces are logged, so nothing goes unseen). Returns whether it changed.
 */
export async function setCors(
  client: S3Client,
  bucket: string,
  origins: readonly string[],
  log: (line: string) => void,
): Promise<boolean> {
  const rules = corsRules(origins);
  const current = await client
    .send(new GetBucketCorsCommand({ Bucket: bucket }))
    .then((answer) => answer.CORSRules ?? [])
    .catch((error: unknown) => {
      if (error instanceof S3ServiceException && (error.name === "NoSuchCORSConfiguration" || statusOf(error) === 404))
        return [];
      throw error;
    });
  // Stores give the rule's fields back in their own order.
  const comparable = (list: CORSRule[]) =>
    JSON.stringify(list.map(({ ID: _id, ...rule }) => JSON.stringify(rule, Object.keys(rule).sort())));
  if (comparable(current) === comparable(rules)) {
    log(`cors: s3://${bucket} already has the rule for ${origins.join(", ")}`);
    return false;
  }
  await client.send(new PutBucketCorsCommand({ Bucket: bucket, CORSConfiguration: { CORSRules: rules } }));
  log(
    `cors: set on s3://${bucket} for ${origins.join(", ")}${current.length > 0 ? `, replacing ${JSON.stringify(current)}` : ""}`,
  );
  return true;
}
