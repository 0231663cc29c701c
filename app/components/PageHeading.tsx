import type { ReactNode } from "react";

/** The page's one <h1>, set small and quiet so the work below stays the hero. */
export function PageHeading({ children }: { children: ReactNode }) {
  return (
    <h1 className="mx-auto max-w-screen-2xl px-5 pb-6 pt-8 text-xs font-medium uppercase tracking-label text-muted md:px-10 md:pb-10 md:pt-14">
      {children}
    </h1>
  );
}
