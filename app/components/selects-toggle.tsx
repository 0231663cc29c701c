import { selectsPath, withoutSelect, withSelect } from "~/lib/selects";
import { readSelects, setSelects, useSelects } from "~/lib/selects-store";

const LOOK =
  "inline-flex min-h-6 items-center gap-1.5 text-xs uppercase tracking-label text-muted transition-colors hover:text-paper aria-pressed:text-paper";

/**
 * "Add to selects" for one artist. With JavaScript, a toggle button over the working list on this
 * device; without, a link to a selects page holding this artist (root.tsx's no-script style hides
 * the button, and the link only exists inside <noscript>). The server renders it unpressed: the
 * list is read once hydrated. A press before then is replayed by entry.client.tsx, and it adds,
 * as the unpressed button the visitor saw promised.
 */
export function SelectsToggle({ id, name, className = "" }: { id: string; name: string; className?: string }) {
  const selects = useSelects();
  const pressed = selects?.includes(id) ?? false;
  const label = `Add to selects: ${name}`;
  return (
    <>
      <button
        type="button"
        data-script-only
        aria-pressed={pressed}
        aria-label={label}
        onClick={() => setSelects(pressed ? withoutSelect(readSelects(), id) : withSelect(readSelects(), id))}
        className={`${LOOK} ${className}`}
      >
        <span aria-hidden="true" className="inline-block w-3 text-center">
          {pressed ? "✓" : "+"}
        </span>
        Add to selects
      </button>
      <noscript>
        <a href={selectsPath([id])} aria-label={label} className={`${LOOK} ${className}`}>
          <span aria-hidden="true" className="inline-block w-3 text-center">
            +
          </span>
          Add to selects
        </a>
      </noscript>
    </>
  );
}
