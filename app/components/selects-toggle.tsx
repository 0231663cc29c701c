import { selectsPath, withoutSelect, withSelect } from "#app/lib/selects.ts";
import { readSelects, setSelects, useSelects } from "#app/lib/selects-store.ts";

/** Its look (tailwind.css), named once: it is repeated in every tile of a grid. */
const LOOK = "selects-toggle";

interface SelectsToggleProps {
  id: string;
  name: string;
  className?: string;
}

/**
 * "Add to selects" for one artist. With JavaScript, a toggle button over the working list on this
 * device; without, a link to a selects page holding this artist (root.tsx's no-script style hides
 * the button, and the link only exists inside <noscript>). The server renders it unpressed: the
 * list is read once hydrated. A press before then is replayed by entry.client.tsx, and it adds,
 * as the unpressed button the visitor saw promised.
 */
export function SelectsToggle({ id, name, className = "" }: SelectsToggleProps) {
  const selects = useSelects();
  return <SelectsToggleButton id={id} name={name} pressed={selects?.includes(id) ?? false} className={className} />;
}

/**
 * SelectsToggle with its state given. A grid reads the working list once for all its tiles: a
 * subscription per tile re-rendered every tile of a 760-artist grid once hydrated (the list goes
 * from the server's `null` to the stored one), in one task a phone could not interrupt.
 */
export function SelectsToggleButton({ id, name, pressed, className = "" }: SelectsToggleProps & { pressed: boolean }) {
  const label = `Add to selects: ${name}`;
  return (
    <>
      <button
        type="button"
        data-script-only
        aria-pressed={pressed}
        aria-label={label}
        onClick={() => setSelects(pressed ? withoutSelect(readSelects(), id) : withSelect(readSelects(), id))}
        className={className ? `${LOOK} ${className}` : LOOK}
      >
        <span aria-hidden="true" className="selects-mark">
          {pressed ? "✓" : "+"}
        </span>
        Add to selects
      </button>
      <noscript>
        <a href={selectsPath([id])} aria-label={label} className={className ? `${LOOK} ${className}` : LOOK}>
          <span aria-hidden="true" className="selects-mark">
            +
          </span>
          Add to selects
        </a>
      </noscript>
    </>
  );
}
