import { useEffect, useRef, useState } from "react";

import { OUTLINE_BUTTON } from "./outline-button.ts";

/** Copy the link and print: both need scripts, so without them only the link's field shows. */
export function ShareTools({ shareUrl }: { shareUrl: string }) {
  const field = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState("");

  useEffect(() => setCopied(""), [shareUrl]);
  // The browser's own Print command, too, needs the lazy images loaded (see printList).
  useEffect(() => {
    window.addEventListener("beforeprint", loadAllImages);
    return () => window.removeEventListener("beforeprint", loadAllImages);
  }, []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(shareUrl);
      setCopied("Link copied.");
    } catch {
      // No clipboard (an insecure origin, a refused permission): leave the link ready to copy.
      field.current?.select();
      setCopied("Copy the selected link with Ctrl+C or ⌘C.");
    }
  };

  return (
    <div className="mt-8 max-w-2xl print:hidden">
      <label className="block text-xs uppercase tracking-label text-muted" htmlFor="selects-link">
        Link to this list
      </label>
      <input
        ref={field}
        id="selects-link"
        readOnly
        value={shareUrl}
        onFocus={(event) => event.currentTarget.select()}
        className="mt-2 w-full border-b border-line bg-transparent py-2 text-sm text-paper"
      />
      <div className="mt-5 flex flex-wrap items-center gap-3">
        <button type="button" data-script-only onClick={copy} className={OUTLINE_BUTTON}>
          Copy link
        </button>
        <button type="button" data-script-only onClick={printList} className={OUTLINE_BUTTON}>
          Print or save as PDF
        </button>
        <p role="status" className="text-sm text-muted">
          {copied}
        </p>
      </div>
    </div>
  );
}

/** Loads the list's lazy images now, and returns them. */
function loadAllImages(): HTMLImageElement[] {
  const images = [...document.querySelectorAll<HTMLImageElement>("[data-selects-list] img[loading=lazy]")];
  for (const image of images) image.loading = "eager";
  return images;
}

/** Prints once every artist's image is there: lazy images below the screen would print blank. */
async function printList() {
  await Promise.all(loadAllImages().map((image) => image.decode().catch(() => undefined)));
  window.print();
}
