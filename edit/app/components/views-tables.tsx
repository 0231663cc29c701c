/**
 * The views page's three tables, drawn from the store's figures and the content's names: the reels
 * (most played first, each with its watch-through chart and the twenty values under it), the
 * artists (most read first) and the shortlists (last opened first), each with its CSV.
 */
import type { ReactNode } from "react";

import type { ReelFigures, ViewFigures } from "#analytics/types.ts";
import { LINKS_PATHS, VIEWS_PATHS } from "#edit/views/editing-paths.ts";
import type { DayRange } from "#edit/views/range.ts";
import type { ViewsContent } from "#edit/views/views-content.ts";
import { percent } from "#edit/views/watch-chart.ts";
import { ARTISTS_PARAM } from "#model/shortlist-url.ts";
import { FiguresTable, NamedCell, NumberCell } from "./figures-table.tsx";
import { WatchChart } from "./watch-chart.tsx";

/** The moment in UTC, as the other editing pages give times. */
const when = (iso: string) => `${iso.slice(0, 16).replace("T", " ")} UTC`;

function Section({
  table,
  title,
  about,
  range,
  children,
}: {
  table: "reels" | "artists" | "shortlists";
  title: string;
  about: string;
  range: DayRange;
  children: ReactNode;
}) {
  const csv = `${VIEWS_PATHS.csv}?${new URLSearchParams({ table, ...range })}`;
  return (
    <section aria-labelledby={`views-${table}-title`}>
      <h2 id={`views-${table}-title`}>{title}</h2>
      <p className="about">
        {about}{" "}
        <a href={csv} download>
          Download CSV
        </a>
      </p>
      {children}
    </section>
  );
}

function ChartCell({ reel, content }: { reel: ReelFigures; content: ViewsContent }) {
  const names = content.reels[reel.slug];
  const spots = (names?.spots ?? []).map((spot) => ({ ...spot, artist: content.artists[spot.artist] ?? spot.artist }));
  return (
    <td>
      <WatchChart
        title={names?.title ?? reel.slug}
        curve={reel.curve}
        duration={names?.duration ?? null}
        spots={spots}
      />
      <div className="scale" aria-hidden="true">
        <span>start</span>
        <span>end</span>
      </div>
      <details>
        <summary>Each twentieth</summary>
        <table>
          <tbody>
            {reel.curve.map((share, index) => {
              const [from, to] = [index, index + 1].map((edge) => (edge * 100) / reel.curve.length);
              return (
                <tr key={from}>
                  <td>{`${from}–${to}%`}</td>
                  <td>{percent(share)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </details>
    </td>
  );
}

export function ViewsTables({
  figures,
  content,
  range,
}: {
  figures: ViewFigures;
  content: ViewsContent;
  range: DayRange;
}) {
  const artistName = (id: string): string | undefined => content.artists[id];
  const reels = [...figures.reels].sort((a, b) => b.plays - a.plays || a.slug.localeCompare(b.slug));
  const artists = [...figures.artists].sort((a, b) => b.views - a.views || a.id.localeCompare(b.id));
  const shortlists = [...figures.shortlists].sort((a, b) => b.lastOpened.localeCompare(a.lastOpened));
  return (
    <>
      <Section
        table="reels"
        title="Reels"
        range={range}
        about="Plays started by a visitor (never the muted grid clips). Visitors are counted per day. The chart: for each twentieth of the film, the share of plays that watched it; red lines mark where each spot starts."
      >
        <FiguresTable
          id="views-reels"
          title="Reels"
          headings={["Reel", "Plays", "Visitors", "Average watched", "Finished", "Watch-through"]}
          numeric={[1, 2, 3, 4]}
          none="No plays in these days."
          rows={reels.map((reel) => ({
            key: reel.slug,
            cells: (
              <>
                <NamedCell name={content.reels[reel.slug]?.title} id={reel.slug} />
                <NumberCell value={reel.plays} />
                <NumberCell value={reel.visitors} />
                <td className="number">{percent(reel.averageWatched)}</td>
                <td className="number">{percent(reel.finishRate)}</td>
                <ChartCell reel={reel} content={content} />
              </>
            ),
          }))}
        />
      </Section>
      <Section
        table="artists"
        title="Artists"
        range={range}
        about="Views of each artist's page, and plays of any reel that watched at least half of one of their spots."
      >
        <FiguresTable
          id="views-artists"
          title="Artists"
          headings={["Artist", "Page views", "Plays watching half a spot"]}
          numeric={[1, 2]}
          none="No artist's page was read, nor a spot watched, in these days."
          rows={artists.map(({ id, views, spotViews }) => ({
            key: id,
            cells: (
              <>
                <NamedCell name={artistName(id)} id={id} />
                <NumberCell value={views} />
                <NumberCell value={spotViews} />
              </>
            ),
          }))}
        />
      </Section>
      <Section
        table="shortlists"
        title="Shortlists"
        range={range}
        about="Each shortlist sent, by its artists: how often it was opened, when last, and the artists' pages the same visitor read after opening it that day."
      >
        <FiguresTable
          id="views-shortlists"
          title="Shortlists"
          headings={["Its artists, and their pages read after an opening", "Opens", "Last opened", "For one buyer"]}
          numeric={[1]}
          none="No shortlist was opened in these days."
          rows={shortlists.map(({ key, artists: members, opens, lastOpened }) => ({
            key,
            cells: (
              <>
                <td>
                  <ul>
                    {members.map(({ id, views }) => (
                      <li key={id}>{`${artistName(id) ?? id}: ${views} page view${views === 1 ? "" : "s"} after`}</li>
                    ))}
                  </ul>
                </td>
                <NumberCell value={opens} />
                <td>
                  <time dateTime={lastOpened}>{when(lastOpened)}</time>
                </td>
                <td>
                  {/* The key's ids are slugs: nothing to escape, and its commas stay readable in the address. */}
                  <a
                    href={`${LINKS_PATHS.page}?${ARTISTS_PARAM}=${key}`}
                    aria-label={`Make a link for one buyer: ${members.map(({ id }) => artistName(id) ?? id).join(", ")}`}
                  >
                    Make a link
                  </a>
                </td>
              </>
            ),
          }))}
        />
      </Section>
    </>
  );
}
