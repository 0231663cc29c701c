import { Link, useNavigate } from "@remix-run/react";

import { artistCount, selectsPath, withSelect } from "#app/lib/selects.ts";
import { setSelects } from "#app/lib/selects-store.ts";

import { OUTLINE_BUTTON } from "./outline-button.ts";

/** Shown when the visitor's own working list is another list than the link's. */
export function OtherWorkingList({ working, ids }: { working: readonly string[]; ids: string[] }) {
  const navigate = useNavigate();
  const addThese = () => {
    const merged = ids.reduce<string[]>((list, id) => withSelect(list, id), [...working]);
    setSelects(merged);
    navigate(selectsPath(merged), { replace: true, preventScrollReset: true });
  };
  return (
    <section aria-labelledby="other-list" className="mt-10 border border-line p-5">
      <h2 id="other-list" className="text-xs font-medium uppercase tracking-label text-muted">
        Your selects on this device
      </h2>
      <p className="mt-3 text-sm">
        Your own list on this device holds {artistCount(working.length)} and is not this one.
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        <button type="button" onClick={addThese} className={OUTLINE_BUTTON}>
          Add this list to mine
        </button>
        <Link to={selectsPath(working)} className={OUTLINE_BUTTON}>
          Show mine
        </Link>
      </div>
    </section>
  );
}
