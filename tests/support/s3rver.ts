/** s3rver, the S3-protocol server the media tests publish to, as a child process on a loopback port. */
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";

import { expect } from "@playwright/test";

const ROOT = path.join(import.meta.dirname, "../..");

/** s3rver takes any key pair; these are its documented defaults. */
export const S3RVER_KEYS = { AWS_ACCESS_KEY_ID: "S3RVER", AWS_SECRET_ACCESS_KEY: "S3RVER" };

/** Starts s3rver on `port`, storing in `directory`, with `bucket` made; resolves once it answers. */
export async function startS3rver(port: number, directory: string, bucket: string): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    [
      "node_modules/s3rver/bin/s3rver.js",
      "-d",
      directory,
      "-a",
      "127.0.0.1",
      "-p",
      String(port),
      "--silent",
      "--configure-bucket",
      bucket,
    ],
    { cwd: ROOT, stdio: "ignore" },
  );
  await expect
    .poll(
      () =>
        fetch(`http://127.0.0.1:${port}/`).then(
          (response) => response.status,
          () => 0,
        ),
      { timeout: 15_000 },
    )
    .toBeGreaterThan(0);
  return child;
}
