import type { ReactNode } from "react";

/**
 * The page's one <h1>, set small and quiet so the work below stays the hero, with an optional
 * control at the end of the same row.
 */
export function PageHeading({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <div className="mx-auto flex max-w-screen-2xl items-baseline justify-between gap-6 px-5 pb-6 pt-8 md:px-10 md:pb-10 md:pt-14">
      <h1 className="text-xs font-medium uppercase tracking-label text-muted">{children}</h1>
      {action}
    </div>
  );
}
