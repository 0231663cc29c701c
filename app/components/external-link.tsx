import type { AnchorHTMLAttributes } from "react";

/** A link that leaves the site: always a new tab, never leaking the opener or the referrer. */
export function ExternalLink({ children, ...props }: AnchorHTMLAttributes<HTMLAnchorElement>) {
  return (
    <a {...props} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}
