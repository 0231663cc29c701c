import { RemixBrowser } from "@remix-run/react";
import { type ReactNode, startTransition, StrictMode, useEffect } from "react";
import { hydrateRoot } from "react-dom/client";

declare global {
  interface Window {
    /**
     * The last button pressed before hydration, remembered by the page's module script (see
     * app/components/deferred-scripts.tsx); null once the page is hydrated and presses reach React.
     */
    __pressedBeforeHydration?: HTMLButtonElement | null;
  }
}

/** Presses again, once every component has hydrated, the button a visitor pressed before. */
function ReplayEarlyPress({ children }: { children: ReactNode }) {
  useEffect(() => {
    const button = window.__pressedBeforeHydration;
    window.__pressedBeforeHydration = null;
    button?.click();
  }, []);
  return children;
}

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <ReplayEarlyPress>
        <RemixBrowser />
      </ReplayEarlyPress>
    </StrictMode>,
  );
});
