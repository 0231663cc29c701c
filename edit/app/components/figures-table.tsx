/**
 * A table of the views page, in its own focusable box that scrolls sideways on a phone (the page
 * never does), or a sentence when it has no rows; and the cells its rows are made of.
 */
import type { ReactNode } from "react";

export function FiguresTable({
  id,
  title,
  headings,
  numeric,
  rows,
  none,
}: {
  /** The box's id, which the tests and the CSV links' section name. */
  id: string;
  title: string;
  headings: string[];
  /** The columns that hold numbers, right-aligned. */
  numeric: number[];
  /** Each row's cells, keyed. */
  rows: { key: string; cells: ReactNode }[];
  /** What the box says with no rows. */
  none: string;
}) {
  return (
    // A box that scrolls must take the keyboard's focus to be scrolled without a mouse (axe's scrollable-region-focusable).
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div id={id} className="table-box" tabIndex={0} role="region" aria-label={`${title} table`}>
      {rows.length === 0 ? (
        <p>{none}</p>
      ) : (
        <table>
          <thead>
            <tr>
              {headings.map((heading, index) => (
                <th key={heading} scope="col" className={numeric.includes(index) ? "number" : undefined}>
                  {heading}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map(({ key, cells }) => (
              <tr key={key}>{cells}</tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

export const NumberCell = ({ value }: { value: number }) => <td className="number">{value.toLocaleString("en")}</td>;

/** An entry's name, its id below it; the id alone when the content no longer names it. */
export const NamedCell = ({ name, id }: { name: string | undefined; id: string }) => (
  <td>
    {name ?? id}
    {name && <span className="slug">{id}</span>}
  </td>
);
