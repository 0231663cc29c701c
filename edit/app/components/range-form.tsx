/** The form that asks a page of the editing app (`action`) for other days: a plain GET, as a link would. */
import type { DayRange } from "#edit/views/range.ts";

export function RangeForm({ action, range: { from, to } }: { action: string; range: DayRange }) {
  return (
    <form method="get" action={action}>
      <label>
        From <input type="date" name="from" defaultValue={from} required />
      </label>
      <label>
        To (included) <input type="date" name="to" defaultValue={to} required />
      </label>
      <button type="submit">Show</button>
    </form>
  );
}
