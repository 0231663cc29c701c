/** The store's errors: which mean "not found" or "not implemented", and each as one line for the log. */
import { S3ServiceException } from "@aws-sdk/client-s3";

export const statusOf = (error: unknown): number | undefined =>
  error instanceof S3ServiceException ? error.$metadata?.httpStatusCode : undefined;

export const isNotFound = (error: unknown): boolean =>
  error instanceof S3ServiceException &&
  (error.name === "NotFound" || error.name === "NoSuchKey" || statusOf(error) === 404);

/** The store does not implement the request (s3rver has no ListMultipartUploads, ListParts or AbortMultipartUpload). */
export const isUnsupported = (error: unknown): boolean =>
  error instanceof S3ServiceException &&
  (error.name === "NotImplemented" ||
    error.name === "MethodNotAllowed" ||
    statusOf(error) === 501 ||
    statusOf(error) === 405);

/** An error as one line: the store's code and message, or the network error's. */
export function describeError(error: unknown): string {
  if (error instanceof S3ServiceException) {
    const message =
      error.message && error.message !== error.name && error.message !== "UnknownError" ? `: ${error.message}` : "";
    return `${error.name}${message} (HTTP ${statusOf(error) ?? "?"})`;
  }
  // Node gives an AggregateError with an empty message when every address of a host refuses.
  if (error instanceof AggregateError && error.errors.length > 0) return describeError(error.errors[0]);
  if (error instanceof Error)
    return (error.message || (error as NodeJS.ErrnoException).code || error.name).split("\n")[0];
  return String(error);
}
