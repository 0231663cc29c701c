import { useLoaderData } from "@remix-run/react";

import { PageHeading } from "#app/components/page-heading.tsx";
import { useMediaUrl } from "#app/components/use-media-url.ts";
import type { loader } from "#app/loaders/clients-page.server.ts";
import { listImageLoading, loadingAttributes, logoTiles } from "#model/media.ts";
import { MEDIA_KINDS } from "#model/media-kinds.ts";
import { sectionMeta } from "#app/lib/seo.ts";

export { loader } from "#app/loaders/clients-page.server.ts";

const { width, height } = MEDIA_KINDS.clientLogo.size;

/** Twelve rows of three on a 390×844 phone: its first three strips. */
const PHONE_FIRST_SCREEN_LOGOS = 36;

export default function Clients() {
  const { sprites, names } = useLoaderData<typeof loader>();
  const mediaUrl = useMediaUrl();
  return (
    <>
      <PageHeading>Clients</PageHeading>
      <div className="mx-auto max-w-screen-2xl px-5 pb-20 md:px-10">
        {/* Dimmed as a whole: the same look as each logo at 80%, with one opacity effect to paint, not 55. */}
        <ul className="grid grid-cols-3 gap-x-4 gap-y-2 opacity-80 sm:grid-cols-4 lg:grid-cols-6 xl:grid-cols-8">
          {logoTiles(sprites).map(({ sprite, logo: client, cell }, index) => (
            <li key={client.logo}>
              <picture className="contents">
                <source type="image/webp" srcSet={mediaUrl(sprite.webp)} width={width} height={height} />
                <img
                  // A desktop shows the whole grid, and loads the lazy strips once it has laid the page out.
                  {...loadingAttributes(listImageLoading(index, PHONE_FIRST_SCREEN_LOGOS))}
                  decoding="async"
                  width={width}
                  height={height}
                  alt={client.alt}
                  // The box keeps a logo's shape once the (taller) strip has loaded.
                  className={`aspect-[2/1] h-auto w-full object-cover ${cell}`}
                  src={mediaUrl(sprite.png)}
                />
              </picture>
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

export const meta = sectionMeta;
