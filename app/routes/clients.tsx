import { useLoaderData } from "@remix-run/react";

import { PageHeading } from "~/components/PageHeading";
import { Picture } from "~/components/Picture";
import { clientLogos, clientNames } from "~/content";
import { listImageLoading } from "~/lib/media";
import { sectionMeta } from "~/lib/seo";

export function loader() {
  return { logos: clientLogos, names: clientNames };
}

/** Three to eight columns with 16 px gaps, inside 20 px (md: 40 px) padding, in at most 1536 px. */
const LOGO_SIZES =
  "(min-width: 1536px) 168px, (min-width: 1280px) calc((100vw - 192px) / 8), (min-width: 1024px) calc((100vw - 160px) / 6), (min-width: 768px) calc((100vw - 128px) / 4), (min-width: 640px) calc((100vw - 88px) / 4), calc((100vw - 72px) / 3)";

const PHONE_FIRST_SCREEN_LOGOS = 36;

export default function Clients() {
  const { logos, names } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeading>Clients</PageHeading>
      <div className="mx-auto max-w-screen-2xl px-5 pb-20 md:px-10">
      {/* Dimmed as a whole: the same look as each logo at 80%, with one opacity effect to paint, not 55. */}
      <ul className="grid grid-cols-3 gap-x-4 gap-y-2 opacity-80 sm:grid-cols-4 lg:grid-cols-6 xl:grid-cols-8">
        {logos.map((client, index) => (
          <li key={client.logo}>
            <Picture
              kind="clientLogo"
              src={client.logo}
              alt={client.alt}
              sizes={LOGO_SIZES}
              // A 390×844 phone shows twelve rows of three before scrolling. A desktop shows the
              // whole grid, and loads the lazy rest as soon as it has laid the page out.
              loading={listImageLoading(index, PHONE_FIRST_SCREEN_LOGOS)}
              className="h-auto w-full"
            />
          </li>
        ))}
      </ul>
      <h2 className="mt-20 border-t border-line pt-10 text-xs font-medium uppercase tracking-label text-muted">
        Selected clients
      </h2>
      <ul className="mt-8 columns-1 gap-x-8 text-sm leading-7 tracking-wide md:columns-3 [&>li]:break-inside-avoid">
        {names.map((name) => (
          <li key={name}>{name}</li>
        ))}
      </ul>
      </div>
    </>
  );
}

export const meta = sectionMeta("/clients");
