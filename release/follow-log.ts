/** What the follower and its purges log through: pino's shape, as server/log.ts makes it, JSON lines with the figures as fields. */
export interface FollowLog {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}
